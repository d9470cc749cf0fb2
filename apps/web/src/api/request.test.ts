import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeSessionExpired } from '../utils/auth';
import { setNotifiers } from './notify';
import { download, post, postBlob, requestHooks, upload } from './request';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network' | 'timeout';

/** A fetch answering from a script, recording each request it saw; 'timeout' answers only when aborted. */
function scripted(reply: Reply) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    if (reply === 'network') throw new TypeError('Failed to fetch');
    if (reply === 'timeout')
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null);
    return new Response(text, {
      status: reply.status ?? 200,
      headers: reply.headers ?? { 'content-type': 'application/json; charset=utf-8' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return seen;
}

const headerOf = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

const errors: string[] = [];
const successes: string[] = [];
beforeEach(() => {
  errors.length = 0;
  successes.length = 0;
  setNotifiers({ error: (t) => errors.push(t), success: (t) => successes.push(t) });
  requestHooks.reload = vi.fn();
  Cookies.remove('token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('main client (SPEC 7)', () => {
  it('POSTs JSON with the token header when a token exists', async () => {
    const seen = scripted({ body: { code: 0, msg: 'ok', data: 1 } });
    await post('/api/x', { a: 1 });
    expect(headerOf(seen[0].init, 'token')).toBeUndefined();
    Cookies.set('token', 'tok-1');
    await post('/api/x', { a: 1 });
    expect(seen[1].url).toBe('/api/x');
    expect(headerOf(seen[1].init, 'token')).toBe('tok-1');
    expect(seen[1].init.method).toBe('POST');
    expect(headerOf(seen[1].init, 'Content-Type')).toContain('application/json');
    expect(seen[1].init.body).toBe('{"a":1}');
  });

  it('sends an empty object when there is no body', async () => {
    const seen = scripted({ body: { code: 0, msg: 'ok', data: null } });
    await post('/api/x');
    expect(seen[0].init.body).toBe('{}');
  });

  it('answers the data of a code-0 envelope', async () => {
    scripted({ body: { code: 0, msg: '操作成功', data: { id: '7' } } });
    await expect(post('/api/y')).resolves.toEqual({ id: '7' });
    expect(errors).toEqual([]);
  });

  it('gives up after 60 s without an answer', async () => {
    vi.useFakeTimers();
    scripted('timeout');
    const answer = post('/api/x');
    const outcome = expect(answer).rejects.toThrow('啊哦，与服务器失去连接了~');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(errors).toEqual(['啊哦，与服务器失去连接了~']);
  });
});

describe('main client (SPEC 8 errors)', () => {
  it('shows msg and rejects when code != 0', async () => {
    scripted({ body: { code: 10010001, msg: '用户名不能为空', data: null } });
    await expect(post('/api/x')).rejects.toMatchObject({ message: '用户名不能为空', code: 10010001 });
    expect(errors).toEqual(['用户名不能为空']);
    expect(requestHooks.reload).not.toHaveBeenCalled();
  });

  it("shows '服务器开小差了呢！' when the envelope has no msg", async () => {
    scripted({ body: { code: 10010000, msg: '' } });
    await expect(post('/api/x')).rejects.toThrow('服务器开小差了呢！');
    expect(errors).toEqual(['服务器开小差了呢！']);
  });

  it('resets the token and reloads on 10010002', async () => {
    Cookies.set('token', 'expired');
    scripted({ body: { code: 10010002, msg: '您的登录已失效，请重新登录' } });
    await expect(post('/api/x')).rejects.toThrow('您的登录已失效，请重新登录');
    expect(Cookies.get('token')).toBeUndefined();
    expect(requestHooks.reload).toHaveBeenCalledTimes(1);
    // the login page after the reload says why
    expect(takeSessionExpired()).toBe(true);
    expect(takeSessionExpired()).toBe(false);
  });

  it('does not call a signed-out refusal an expired session', async () => {
    scripted({ body: { code: 10010002, msg: '请先登录' } });
    await expect(post('/api/x')).rejects.toThrow('请先登录');
    expect(takeSessionExpired()).toBe(false);
  });

  it('passes answers without a code through', async () => {
    scripted({ body: { hello: 'world' } });
    await expect(post('/api/x')).resolves.toEqual({ hello: 'world' });
    scripted({ body: 'plain text', headers: { 'content-type': 'text/plain' } });
    await expect(post('/api/x')).resolves.toBe('plain text');
    expect(errors).toEqual([]);
  });

  it('passes binary and Excel answers through, even when they look like an envelope', async () => {
    const excel = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    scripted({ body: { code: 5 }, headers: { 'content-type': excel } });
    await expect(post('/api/x')).resolves.toEqual({ code: 5 });
    scripted({ body: 'raw', headers: { 'content-type': 'application/octet-stream' } });
    await expect(post('/api/x')).resolves.toBe('raw');
    expect(errors).toEqual([]);
  });

  it.each([
    ['network', '啊哦，与服务器失去连接了~'],
    [
      { status: 502, body: 'bad gateway', headers: { 'content-type': 'text/html' } },
      'Oh no，服务器网络不通 Bad Gateway',
    ],
    [{ status: 500, body: { code: 10010000, msg: 'x' } }, '糟糕，服务器开小差了~'],
    [{ status: 400, body: {} }, '缺少必要参数或参数类型不正确~'],
    [{ status: 404, body: {} }, '接口地址404，请联系管理员~'],
    [{ status: 403, body: {} }, '请求出现错误！'],
    [{ status: 418, body: '' }, '请求出现错误！'],
    [{ status: 403, body: { code: 10010004, msg: '您没有权限访问', data: null } }, '您没有权限访问'],
    [{ status: 429, body: { code: 10010005, msg: '操作过于频繁，请稍后再试' } }, '操作过于频繁，请稍后再试'],
  ] as [Reply, string][])('HTTP failure %j shows %s', async (reply, text) => {
    scripted(reply);
    await expect(post('/api/x')).rejects.toMatchObject({
      message: text,
      status: typeof reply === 'object' ? reply.status : undefined,
    });
    expect(errors).toEqual([text]);
  });

  it('stays quiet for silent calls but still rejects', async () => {
    scripted({ status: 404, body: {} });
    await expect(post('/api/x', {}, { silent: true })).rejects.toThrow('接口地址404，请联系管理员~');
    scripted('network');
    await expect(post('/api/x', {}, { silent: true })).rejects.toThrow('啊哦，与服务器失去连接了~');
    expect(errors).toEqual([]);
  });
});

/** An XMLHttpRequest stand-in answering `reply` (or failing), recording what was sent. */
class FakeXhr {
  static last: FakeXhr;
  static reply: { status: number; body: string } | 'network' = { status: 200, body: '{}' };
  method = '';
  url = '';
  timeout = 0;
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  status = 0;
  responseText = '';
  overlayWhileSending = '';
  upload: { onprogress: ((e: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json' : null;
  }
  send(form: FormData) {
    this.sent = form;
    this.overlayWhileSending = document.body.textContent ?? '';
    const reply = FakeXhr.reply;
    setTimeout(() => {
      if (reply === 'network') return this.onerror?.();
      this.upload.onprogress?.({ loaded: 50, total: 200 });
      this.upload.onprogress?.({ loaded: 200, total: 200 });
      this.status = reply.status;
      this.responseText = reply.body;
      this.onload?.();
    });
  }
}

describe('upload and download', () => {
  beforeEach(() => {
    requestHooks.xhr = () => new FakeXhr() as unknown as XMLHttpRequest;
  });

  it('uploads multipart with the field file after the extra fields, the token, 20 min and the overlay', async () => {
    Cookies.set('token', 'tok-2');
    FakeXhr.reply = {
      status: 200,
      body: JSON.stringify({ code: 0, msg: 'ok', data: { id: 'f1', url: '/api/file/f1' } }),
    };
    const progress: number[] = [];
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    await expect(upload('/api/common/file/upload', file, { dir: 'avatar' }, (p) => progress.push(p))).resolves.toEqual({
      id: 'f1',
      url: '/api/file/f1',
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.timeout, xhr.headers.token]).toEqual([
      'POST',
      '/api/common/file/upload',
      20 * 60_000,
      'tok-2',
    ]);
    expect(xhr.sent?.get('file')).toBeInstanceOf(File);
    expect(xhr.sent?.get('dir')).toBe('avatar');
    expect([...(xhr.sent?.keys() ?? [])]).toEqual(['dir', 'file']);
    expect(progress).toEqual([25, 100]);
    expect(xhr.overlayWhileSending).toContain('正在上传数据...');
    expect(document.body.textContent).not.toContain('正在上传数据...');
  });

  it('shows the refusal of an upload and closes the overlay', async () => {
    FakeXhr.reply = { status: 200, body: JSON.stringify({ code: 10010001, msg: '文件类型不允许' }) };
    await expect(upload('/api/common/file/upload', new Blob(['x']))).rejects.toThrow('文件类型不允许');
    FakeXhr.reply = { status: 413, body: JSON.stringify({ code: 10010001, msg: '文件过大' }) };
    await expect(upload('/api/common/file/upload', new Blob(['x']))).rejects.toThrow('文件过大');
    FakeXhr.reply = 'network';
    await expect(upload('/api/common/file/upload', new Blob(['x']))).rejects.toThrow('啊哦，与服务器失去连接了~');
    expect(errors).toEqual(['文件类型不允许', '文件过大', '啊哦，与服务器失去连接了~']);
    expect(document.body.textContent).not.toContain('正在上传数据...');
  });

  it("shows a JSON answer's msg as an error", async () => {
    scripted({
      body: { code: 10010004, msg: '您没有权限执行此操作' },
      headers: { 'content-type': 'application/json' },
    });
    await expect(download('/api/sys/user/export', {}, 'users.xlsx')).resolves.toBe(false);
    expect(errors).toEqual(['您没有权限执行此操作']);
  });

  it("saves a file under the given name and shows '导出成功!', with the overlay while loading", async () => {
    const excel = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const seen = scripted({ body: 'xlsx-bytes', headers: { 'content-type': excel } });
    let overlay = '';
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      overlay = document.body.textContent ?? '';
      return fetch(url, init);
    });
    URL.createObjectURL = vi.fn(() => 'blob:1');
    URL.revokeObjectURL = vi.fn();
    let saved = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    await expect(download('/api/sys/user/export', { ids: [] }, '用户.xlsx')).resolves.toBe(true);
    expect(click).toHaveBeenCalled();
    expect(saved).toBe('用户.xlsx');
    expect(successes).toEqual(['导出成功!']);
    expect(seen[0].init.body).toBe('{"ids":[]}');
    expect(overlay).toContain('正在下载数据...');
    expect(document.body.textContent).not.toContain('正在下载数据...');
  });

  it('gives a file as a Blob and fails an HTTP error with its SPEC 8 text', async () => {
    scripted({ body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } });
    const blob = await postBlob('/api/cert/tmpl/preview', {});
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(blob.type).toBe('application/pdf');
    scripted({ status: 500, body: { code: 10010000, msg: 'x' } });
    await expect(postBlob('/api/cert/tmpl/preview', {})).rejects.toThrow('糟糕，服务器开小差了~');
    expect(errors).toEqual(['糟糕，服务器开小差了~']);
  });
});

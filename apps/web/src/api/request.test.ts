import axios, { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeSessionExpired } from '../utils/auth';
import { setNotifiers } from './notify';
import { createMainClient, download, http, requestHooks } from './request';

type Reply = { status?: number; data?: unknown; headers?: Record<string, string> } | 'network' | 'timeout';

/** An axios adapter answering from a script, recording each request it saw. */
function scripted(reply: Reply) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    if (reply === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    if (reply === 'timeout') throw new AxiosError('timeout of 60000ms exceeded', AxiosError.ECONNABORTED, config, {});
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status ?? 200,
      statusText: String(reply.status ?? 200),
      headers: reply.headers ?? { 'content-type': 'application/json' },
      config,
    };
    if (response.status >= 400)
      throw new AxiosError(
        `Request failed with status code ${response.status}`,
        'ERR_BAD_RESPONSE',
        config,
        {},
        response,
      );
    return response;
  };
  return { adapter, seen };
}

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
  http.defaults.adapter = undefined;
});

describe('main client (SPEC 7)', () => {
  it('POSTs JSON with the token header when a token exists, 60 s timeout', async () => {
    const { adapter, seen } = scripted({ data: { code: 0, msg: 'ok', data: 1 } });
    const client = createMainClient(adapter);
    await client.post('/api/x', { a: 1 });
    expect(seen[0].headers.get('token')).toBeUndefined();
    Cookies.set('token', 'tok-1');
    await client.post('/api/x', { a: 1 });
    expect(seen[1].headers.get('token')).toBe('tok-1');
    expect(seen[1].method).toBe('post');
    expect(seen[1].timeout).toBe(60_000);
    expect(String(seen[1].headers.get('Content-Type'))).toContain('application/json');
    expect(seen[1].data).toBe('{"a":1}');
  });

  it('answers the data of a code-0 envelope through post()', async () => {
    const { adapter } = scripted({ data: { code: 0, msg: '操作成功', data: { id: '7' } } });
    http.defaults.adapter = adapter;
    const { post } = await import('./request');
    await expect(post('/api/y')).resolves.toEqual({ id: '7' });
    expect(errors).toEqual([]);
  });
});

describe('main client (SPEC 8 errors)', () => {
  it('shows msg for 5 s and rejects when code != 0', async () => {
    const client = createMainClient(scripted({ data: { code: 10010001, msg: '用户名不能为空', data: null } }).adapter);
    await expect(client.post('/api/x')).rejects.toMatchObject({ message: '用户名不能为空', code: 10010001 });
    expect(errors).toEqual(['用户名不能为空']);
    expect(requestHooks.reload).not.toHaveBeenCalled();
  });

  it("shows '服务器开小差了呢！' when the envelope has no msg", async () => {
    const client = createMainClient(scripted({ data: { code: 10010000, msg: '' } }).adapter);
    await expect(client.post('/api/x')).rejects.toThrow('服务器开小差了呢！');
    expect(errors).toEqual(['服务器开小差了呢！']);
  });

  it('resets the token and reloads on 10010002', async () => {
    Cookies.set('token', 'expired');
    const client = createMainClient(scripted({ data: { code: 10010002, msg: '您的登录已失效，请重新登录' } }).adapter);
    await expect(client.post('/api/x')).rejects.toThrow('您的登录已失效，请重新登录');
    expect(Cookies.get('token')).toBeUndefined();
    expect(requestHooks.reload).toHaveBeenCalledTimes(1);
    // the login page after the reload says why (issue 12 §3)
    expect(takeSessionExpired()).toBe(true);
    expect(takeSessionExpired()).toBe(false);
  });

  it('does not call a signed-out refusal an expired session', async () => {
    const client = createMainClient(scripted({ data: { code: 10010002, msg: '请先登录' } }).adapter);
    await expect(client.post('/api/x')).rejects.toThrow('请先登录');
    expect(takeSessionExpired()).toBe(false);
  });

  it('passes answers without a code through', async () => {
    const client = createMainClient(scripted({ data: { hello: 'world' } }).adapter);
    await expect(client.post('/api/x')).resolves.toMatchObject({ data: { hello: 'world' } });
    expect(errors).toEqual([]);
  });

  it('passes binary and Excel answers through', async () => {
    const excel = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const client = createMainClient(scripted({ data: { code: 5 }, headers: { 'content-type': excel } }).adapter);
    await expect(client.post('/api/x')).resolves.toMatchObject({ data: { code: 5 } });
    const blob = new Blob(['x']);
    const client2 = createMainClient(
      scripted({ data: blob, headers: { 'content-type': 'application/octet-stream' } }).adapter,
    );
    await expect(client2.post('/api/x')).resolves.toMatchObject({ data: blob });
    expect(errors).toEqual([]);
  });

  it.each([
    ['network', '啊哦，与服务器失去连接了~'],
    ['timeout', '啊哦，与服务器失去连接了~'],
    [{ status: 502, data: 'bad gateway' }, 'Oh no，服务器网络不通 Bad Gateway'],
    [{ status: 500, data: { code: 10010000, msg: 'x' } }, '糟糕，服务器开小差了~'],
    [{ status: 400, data: {} }, '缺少必要参数或参数类型不正确~'],
    [{ status: 404, data: {} }, '接口地址404，请联系管理员~'],
    [{ status: 403, data: {} }, '请求出现错误！'],
    [{ status: 403, data: { code: 10010004, msg: '您没有权限访问', data: null } }, '您没有权限访问'],
    [{ status: 429, data: { code: 10010005, msg: '操作过于频繁，请稍后再试' } }, '操作过于频繁，请稍后再试'],
  ] as [Reply, string][])('HTTP failure %j shows %s', async (reply, text) => {
    const client = createMainClient(scripted(reply).adapter);
    await expect(client.post('/api/x')).rejects.toThrow(text);
    expect(errors).toEqual([text]);
  });

  it("falls back to '请求出现错误！' when the error has no message", async () => {
    const adapter: AxiosAdapter = async (config) => {
      const response = { data: {}, status: 418, statusText: '', headers: {}, config } as AxiosResponse;
      throw new AxiosError('', 'X', config, {}, response);
    };
    await expect(createMainClient(adapter).post('/api/x')).rejects.toThrow('请求出现错误！');
    expect(errors).toEqual(['请求出现错误！']);
  });

  it('stays quiet for silent calls but still rejects', async () => {
    const client = createMainClient(scripted({ status: 404, data: {} }).adapter);
    await expect(client.post('/api/x', {}, { silent: true })).rejects.toThrow('接口地址404，请联系管理员~');
    expect(errors).toEqual([]);
  });
});

describe('upload and download', () => {
  it('uploads multipart with the field file, extra fields, 20 min and the overlay', async () => {
    const { adapter, seen } = scripted({ data: { code: 0, msg: 'ok', data: { id: 'f1', url: '/api/file/f1' } } });
    http.defaults.adapter = async (config) => {
      expect(document.body.textContent).toContain('正在上传数据...');
      return adapter(config);
    };
    const { upload } = await import('./request');
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    await expect(upload('/api/common/file/upload', file, { dir: 'avatar' })).resolves.toEqual({
      id: 'f1',
      url: '/api/file/f1',
    });
    const form = seen[0].data as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
    expect(form.get('dir')).toBe('avatar');
    expect([...form.keys()]).toEqual(['dir', 'file']);
    expect(seen[0].timeout).toBe(20 * 60_000);
    expect(document.body.textContent).not.toContain('正在上传数据...');
  });

  it("shows a JSON answer's msg as an error", async () => {
    const json = new Blob([JSON.stringify({ code: 10010004, msg: '您没有权限执行此操作' })], {
      type: 'application/json',
    });
    http.defaults.adapter = scripted({ data: json, headers: { 'content-type': 'application/json' } }).adapter;
    await expect(download('/api/sys/user/export', {}, 'users.xlsx')).resolves.toBe(false);
    expect(errors).toEqual(['您没有权限执行此操作']);
  });

  it("saves a file under the given name and shows '导出成功!'", async () => {
    const excel = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const { adapter, seen } = scripted({
      data: new Blob(['xlsx'], { type: excel }),
      headers: { 'content-type': excel },
    });
    http.defaults.adapter = async (config) => {
      expect(document.body.textContent).toContain('正在下载数据...');
      return adapter(config);
    };
    URL.createObjectURL = vi.fn(() => 'blob:1');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await expect(download('/api/sys/user/export', { ids: [] }, '用户.xlsx')).resolves.toBe(true);
    expect(click).toHaveBeenCalled();
    expect(successes).toEqual(['导出成功!']);
    expect(seen[0].responseType).toBe('blob');
    expect(seen[0].timeout).toBe(20 * 60_000);
  });
});

it('keeps axios as the only HTTP dependency', () => {
  expect(typeof axios.create).toBe('function');
});

// The first screen's calls started by index.html: the inline script starts exactly the
// calls the app will make, and the client takes each early answer once, only for the same call.
import vm from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '../../build/first-load';
import { removeToken, setToken, TOKEN_KEY } from '../utils/auth';
import { FIRST_CALL_MAX_AGE_MS, FIRST_CALLS_GLOBAL, firstCallsScript, takeFirstCall } from './first-calls';
import { post } from './request';

interface Sent {
  url: string;
  init: { method: string; headers: Record<string, string>; body: string };
}

/** Runs the inline script as a page at `pathname` with `cookie` would, recording what it fetches. */
function runScript(pathname: string, cookie: string) {
  const sent: Sent[] = [];
  const page: Record<string, unknown> = {
    location: { pathname },
    document: { cookie },
    fetch: (url: string, init: Sent['init']) => {
      sent.push({ url, init });
      return Promise.resolve({
        status: 200,
        headers: { get: () => 'application/json' },
        text: () => Promise.resolve(JSON.stringify({ code: 0, data: url })),
      });
    },
  };
  page.window = page;
  vm.runInNewContext(firstCallsScript(TOKEN_COOKIE), page);
  return { sent, state: page[FIRST_CALLS_GLOBAL] as { calls: Record<string, unknown> } | undefined };
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL];
  removeToken();
  vi.unstubAllGlobals();
});

describe('firstCallsScript', () => {
  it('uses the cookie the client keeps the token in', () => {
    expect(TOKEN_COOKIE).toBe(TOKEN_KEY);
  });

  it("starts the guard's calls and the home's exam list with the token, as the client sends them", () => {
    const { sent } = runScript('/web/index', 'other=1; token=abc%20def');
    expect(sent.map((s) => s.url)).toEqual([
      '/api/sys/user/info',
      '/api/sys/menu/routes',
      '/api/exam/exam/online-paging',
    ]);
    for (const s of sent) {
      expect(s.init.method).toBe('POST');
      expect(s.init.headers.token).toBe('abc def');
      expect(s.init.headers['Content-Type']).toBe('application/json;charset=utf-8');
    }
    expect(JSON.parse(sent[2].init.body)).toEqual({ current: 1, size: 12, params: {} });
  });

  it("starts only the guard's calls on another route, and nothing without a token", () => {
    expect(runScript('/web/repo', 'token=t').sent.map((s) => s.url)).toEqual([
      '/api/sys/user/info',
      '/api/sys/menu/routes',
    ]);
    const none = runScript('/web/index', 'mytoken=t; tokens=u');
    expect(none.sent).toEqual([]);
    expect(none.state).toBeUndefined();
  });
});

describe('takeFirstCall', () => {
  const early = (token: string, body: string, at = Date.now()) => {
    const answer = Promise.resolve({ status: 200, contentType: 'application/json', text: '{}' });
    (globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL] = { at, calls: { '/p': { token, body, answer } } };
    return answer;
  };

  it('gives the early answer once, for the same path, token and body', () => {
    const answer = early('t', '{}');
    expect(takeFirstCall('/other', '{}', 't')).toBeNull();
    // the same path with another body first (the today panel's filtered exam lists) leaves it in place
    expect(takeFirstCall('/p', '{"size":50}', 't')).toBeNull();
    expect(takeFirstCall('/p', '{}', 't')).toBe(answer);
    expect(takeFirstCall('/p', '{}', 't')).toBeNull();
  });

  it('refuses another token, another body, no token and a stale answer', () => {
    for (const [token, body] of [
      ['u', '{}'],
      ['t', '{"a":1}'],
      [undefined, '{}'],
    ] as const) {
      early('t', '{}');
      expect(takeFirstCall('/p', body, token)).toBeNull();
    }
    const at = Date.now();
    early('t', '{}', at);
    expect(takeFirstCall('/p', '{}', 't', at + FIRST_CALL_MAX_AGE_MS + 1)).toBeNull();
  });
});

describe('post with an early answer', () => {
  it('settles the early answer without a second request, and calls the network when it got none', async () => {
    setToken('tok');
    const network = vi.fn(async () => new Response(JSON.stringify({ code: 0, data: 'from network' })));
    vi.stubGlobal('fetch', network);
    const answered = Promise.resolve({
      status: 200,
      contentType: 'application/json',
      text: JSON.stringify({ code: 0, data: 'early' }),
    });
    (globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL] = {
      at: Date.now(),
      calls: {
        '/api/a': { token: 'tok', body: '{}', answer: answered },
        '/api/b': { token: 'tok', body: '{}', answer: Promise.resolve(null) },
      },
    };
    expect(await post('/api/a', {})).toBe('early');
    expect(network).not.toHaveBeenCalled();
    expect(await post('/api/b', {})).toBe('from network');
    expect(await post('/api/a', {})).toBe('from network');
    expect(network).toHaveBeenCalledTimes(2);
  });
});

/** Production error logging: uncaught errors and unhandled rejections go to the server, rate-limited. */
import { commonLogClientError } from '@exam/contracts';
export const CLIENT_ERROR_URL = commonLogClientError.path;

export interface ErrorReport {
  message: string;
  stack?: string;
  url: string;
}

/** At most `max` reports per `windowMs`, and never the same message twice in a row within the window. */
export function createRateLimiter(max = 5, windowMs = 60_000, now: () => number = Date.now) {
  const sent: number[] = [];
  let last = '';
  let lastAt = 0;
  return (key: string): boolean => {
    const t = now();
    while (sent.length && t - sent[0] > windowMs) sent.shift();
    if (key === last && t - lastAt < windowMs) return false;
    if (sent.length >= max) return false;
    sent.push(t);
    last = key;
    lastAt = t;
    return true;
  };
}

/**
 * What is sent about a failure: an Error's message and stack, or a description of anything else,
 * never its values. A rejected antd `validateFields()` carries the whole form (passwords typed into
 * 新增用户 or 重置密码 reached the log that way), so only the names of its failing fields are sent.
 * The page address loses its query and hash, which may hold tokens.
 */
export function reportOf(reason: unknown, url: string): ErrorReport {
  const page = pageOf(url);
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack, url: page };
  if (typeof reason === 'string') return { message: reason, url: page };
  return { message: describe(reason), url: page };
}

function describe(reason: unknown): string {
  if (reason === null || reason === undefined) return String(reason);
  if (typeof reason !== 'object') return `${typeof reason} 类型的异常`;
  const fields = (reason as { errorFields?: unknown }).errorFields;
  if (Array.isArray(fields)) {
    const names = fields
      .map((f) => (Array.isArray(f?.name) ? f.name.join('.') : String(f?.name ?? '')))
      .filter(Boolean)
      .slice(0, 20);
    return `表单校验未通过：${names.join('、') || '（无字段）'}`;
  }
  const keys = Object.keys(reason).slice(0, 20);
  return `非 Error 对象的异常（字段：${keys.join('、') || '无'}）`;
}

function pageOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url.split(/[?#]/)[0];
  }
}

/** Installs the window listeners; `send` posts the report (fetch with keepalive by default). */
export function installErrorLogging(
  send: (report: ErrorReport) => void = (report) => {
    void fetch(CLIENT_ERROR_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  },
  allow = createRateLimiter(),
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onError = (event: ErrorEvent) => {
    const report = reportOf(event.error ?? event.message, window.location.href);
    if (allow(report.message)) send(report);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const report = reportOf(event.reason, window.location.href);
    if (allow(report.message)) send(report);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

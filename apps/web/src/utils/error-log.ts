/** Production error logging: uncaught errors and unhandled rejections go to the server, rate-limited. */
export const CLIENT_ERROR_URL = '/api/common/log/client-error';

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

export function reportOf(reason: unknown, url: string): ErrorReport {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack, url };
  return { message: typeof reason === 'string' ? reason : JSON.stringify(reason ?? null), url };
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

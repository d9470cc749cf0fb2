/**
 * The countdown of the exam room runs on the SERVER's clock: at load the page measures
 * offset = serverNow - clientNow (halfway through the request), so a wrong local clock does not
 * change the time left.
 */

/** Offset to add to Date.now() to read the server's clock; `sentAt`/`receivedAt` bracket the request. */
export function clockOffset(serverTime: string, sentAt: number, receivedAt: number = sentAt): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return server - (sentAt + receivedAt) / 2;
}

/** Milliseconds left until the deadline, by the server's clock (never negative). */
export function remainingMs(deadline: string, offset: number, clientNow: number): number {
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, end - (clientNow + offset));
}

/** 'HH:MM:SS' (hours grow past 24 when needed). */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}`;
}

import { describe, expect, it } from 'vitest';
import { clockOffset, formatRemaining, remainingMs } from './countdown';

describe('countdown on the server clock', () => {
  const server = '2026-05-01T08:00:00.000Z';
  const serverMs = Date.parse(server);

  it('measures the offset halfway through the request', () => {
    expect(clockOffset(server, serverMs - 1000, serverMs + 1000)).toBe(0);
    expect(clockOffset(server, serverMs)).toBe(0);
  });

  it('ignores a local clock 10 minutes fast', () => {
    const local = serverMs + 10 * 60_000;
    const offset = clockOffset(server, local);
    expect(offset).toBe(-10 * 60_000);
    const deadline = new Date(serverMs + 30 * 60_000).toISOString();
    expect(remainingMs(deadline, offset, local)).toBe(30 * 60_000);
    expect(remainingMs(deadline, offset, local + 5_000)).toBe(30 * 60_000 - 5_000);
  });

  it('ignores a local clock an hour slow', () => {
    const local = serverMs - 3_600_000;
    const offset = clockOffset(server, local);
    const deadline = new Date(serverMs + 60_000).toISOString();
    expect(remainingMs(deadline, offset, local)).toBe(60_000);
  });

  it('never goes below zero and tolerates bad input', () => {
    expect(remainingMs(server, 0, serverMs + 10_000)).toBe(0);
    expect(remainingMs('nonsense', 0, serverMs)).toBe(0);
    expect(clockOffset('nonsense', 123)).toBe(0);
  });

  it('formats HH:MM:SS', () => {
    expect(formatRemaining(0)).toBe('00:00:00');
    expect(formatRemaining(59_999)).toBe('00:00:59');
    expect(formatRemaining(3_600_000 + 61_000)).toBe('01:01:01');
    expect(formatRemaining(-5)).toBe('00:00:00');
    expect(formatRemaining(30 * 3_600_000)).toBe('30:00:00');
  });
});

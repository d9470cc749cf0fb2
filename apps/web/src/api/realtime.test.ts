/** The realtime client: ticket, events, reconnection with the last id, reset, refusal, close. */
import { ErrorCode } from '@exam/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './http-errors';
import { backoffMs, openRealtime, type RealtimeEvent, type RealtimeState, realtimeDeps } from './realtime';

/** An EventSource the test drives: it records its URL and whether it was closed. */
class FakeSource {
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  send(id: string | null, body: object) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(body), lastEventId: id ?? '' }));
  }
}

const original = { ...realtimeDeps };
let sources: FakeSource[];
let tickets: { topics: string[]; lastEventId?: string | null }[];
let answer: () => Promise<{ ticket: string; expiresAt: string }>;

beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  tickets = [];
  answer = async () => ({ ticket: `t${tickets.length}`, expiresAt: '' });
  realtimeDeps.ticket = (body) => {
    tickets.push(body);
    return answer();
  };
  realtimeDeps.eventSource = (url) => {
    const s = new FakeSource(url);
    sources.push(s);
    return s as unknown as EventSource;
  };
});
afterEach(() => {
  Object.assign(realtimeDeps, original);
  vi.useRealTimers();
});

const ready = { topic: null, type: 'ready', at: '', data: {} };
const note = (text: string) => ({ topic: 'exam:1:invigilate', type: 'note', at: '', data: { text } });

describe('openRealtime', () => {
  it('opens the stream with a ticket, delivers events once each, and re-tickets from the last id when it drops', async () => {
    const events: RealtimeEvent[] = [];
    const states: RealtimeState[] = [];
    const onReady = vi.fn();
    const close = openRealtime(['exam:1:invigilate'], {
      onEvent: (e) => events.push(e),
      onState: (s) => states.push(s),
      onReady,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(tickets).toEqual([{ topics: ['exam:1:invigilate'], lastEventId: null }]);
    expect(sources[0].url).toBe('/api/realtime/stream?ticket=t1');
    sources[0].send('c1', ready);
    sources[0].send('e1', note('交卷'));
    sources[0].send('e1', note('交卷')); // a replay may repeat an id
    expect(events.map((e) => [e.id, e.topic, (e.data as { text: string }).text])).toEqual([
      ['e1', 'exam:1:invigilate', '交卷'],
    ]);
    expect(onReady).toHaveBeenCalledTimes(1);

    sources[0].onerror?.();
    expect(sources[0].closed).toBe(true);
    expect(states).toEqual(['connecting', 'live', 'lost']);
    await vi.advanceTimersByTimeAsync(backoffMs(1));
    expect(tickets[1]).toEqual({ topics: ['exam:1:invigilate'], lastEventId: 'e1' });
    sources[1].send('e2', note('放弃'));
    sources[1].send('c2', ready);
    expect(events.map((e) => e.id)).toEqual(['e1', 'e2']);
    expect(states.at(-1)).toBe('live');

    close();
    expect(sources[1].closed).toBe(true);
    sources[1].onerror?.();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets).toHaveLength(2);
  });

  it('asks for the state again on reset', async () => {
    const onReset = vi.fn();
    openRealtime(['user:u1'], { onEvent: () => undefined, onReset });
    await vi.advanceTimersByTimeAsync(0);
    sources[0].send(null, { topic: null, type: 'reset', at: '', data: {} });
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('stops on a refused topic, and backs off while the server cannot be reached', async () => {
    const states: RealtimeState[] = [];
    answer = () => Promise.reject(new ApiError('无权订阅该实时主题', ErrorCode.NO_PERMISSION, 200));
    openRealtime(['exam:2:invigilate'], { onEvent: () => undefined, onState: (s) => states.push(s) });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tickets).toHaveLength(1);
    expect(states).toEqual(['connecting', 'refused']);

    tickets = [];
    answer = () => Promise.reject(new ApiError('网络异常'));
    openRealtime(['user:u1'], { onEvent: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(tickets).toHaveLength(4);
    expect(backoffMs(10)).toBe(30_000);
  });
});

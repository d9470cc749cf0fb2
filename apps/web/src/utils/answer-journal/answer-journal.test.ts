import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerJournal, backoffDelay, type JournalEntry, journalKey } from './answer-journal';

/** A fake server keeping the highest sequence per question, optionally offline. */
function fakeServer() {
  const saved = new Map<string, JournalEntry>();
  const server = {
    online: true,
    calls: 0,
    saved,
    send: vi.fn(async (e: JournalEntry) => {
      server.calls += 1;
      if (!server.online) throw new Error('network');
      const prev = saved.get(e.quId);
      if (prev && prev.seq >= e.seq) return { accepted: false, seq: prev.seq };
      saved.set(e.quId, e);
      return { accepted: true, seq: e.seq };
    }),
  };
  return server;
}

describe('AnswerJournal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('journals at once and sends after the debounce', async () => {
    const server = fakeServer();
    const pending: number[] = [];
    const j = new AnswerJournal('p1', { send: server.send, onPending: (n) => pending.push(n) });
    j.record('q1', 'A');
    j.record('q1', 'B');
    expect(JSON.parse(localStorage.getItem(journalKey('p1')) ?? '{}').entries.q1.answer).toBe('B');
    expect(server.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(800);
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(server.saved.get('q1')).toMatchObject({ answer: 'B', seq: 2 });
    expect(j.pendingCount()).toBe(0);
    expect(pending.at(-1)).toBe(0);
    expect(JSON.parse(localStorage.getItem(journalKey('p1')) ?? '{}').entries).toEqual({});
  });

  it('retries with back-off while offline and sends on the online event', async () => {
    const server = fakeServer();
    server.online = false;
    const j = new AnswerJournal('p2', { send: server.send, baseDelayMs: 1000 });
    j.start();
    j.record('q1', ['A', 'C']);
    j.record('q2', 'text');
    await vi.advanceTimersByTimeAsync(800);
    expect(server.calls).toBe(1); // stops the round at the first network failure
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.calls).toBe(2); // second back-off is 2 s
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toBe(3);
    expect(j.pendingCount()).toBe(2);
    server.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(j.pendingCount()).toBe(0);
    expect(server.saved.get('q1')?.answer).toEqual(['A', 'C']);
    expect(server.saved.get('q2')?.answer).toBe('text');
    j.dispose();
  });

  it('survives a reload: a new journal on the same paper sends what was left', async () => {
    const server = fakeServer();
    server.online = false;
    const first = new AnswerJournal('p3', { send: server.send });
    first.record('q1', 'A');
    first.dispose(); // page gone before the debounce
    server.online = true;
    const second = new AnswerJournal('p3', { send: server.send });
    expect(second.pendingEntries()).toEqual([{ quId: 'q1', answer: 'A', flagged: null, seq: 1 }]);
    second.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.saved.get('q1')?.answer).toBe('A');
    expect(second.pendingCount()).toBe(0);
    second.dispose();
  });

  it('keeps sequences above what the server holds, and a change during a send stays pending', async () => {
    let release: (() => void) | null = null;
    const sent: JournalEntry[] = [];
    const j = new AnswerJournal('p4', {
      send: (e) =>
        new Promise((resolve) => {
          sent.push(e);
          release = () => resolve({ accepted: true, seq: e.seq });
        }),
    });
    j.seedSeq(41);
    j.record('q1', 'A');
    await vi.advanceTimersByTimeAsync(800);
    expect(sent[0].seq).toBe(42);
    j.record('q1', 'B'); // while the first send is in flight
    (release as unknown as () => void)();
    await vi.advanceTimersByTimeAsync(0);
    expect(j.pendingEntries()[0]).toMatchObject({ answer: 'B', seq: 43 });
    await vi.advanceTimersByTimeAsync(800);
    (release as unknown as () => void)();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((e) => e.answer)).toEqual(['A', 'B']);
    expect(j.pendingCount()).toBe(0);
  });

  it('an older sequence refused by the server counts as acknowledged', async () => {
    const server = fakeServer();
    server.saved.set('q1', { quId: 'q1', answer: 'Z', seq: 100 });
    const j = new AnswerJournal('p5', { send: server.send });
    j.record('q1', 'A');
    await j.flush();
    expect(j.pendingCount()).toBe(0);
    expect(server.saved.get('q1')?.answer).toBe('Z');
  });

  it('stops when the paper is closed and drops answers the server refuses for good', async () => {
    const onClosed = vi.fn();
    const onDrop = vi.fn();
    const j = new AnswerJournal('p6', {
      send: async (e) => {
        throw new Error(e.quId === 'bad' ? 'bad' : 'closed');
      },
      classify: (err) => ((err as Error).message === 'bad' ? 'drop' : 'closed'),
      onClosed,
      onDrop,
    });
    j.record('bad', 'x');
    j.record('q1', 'A');
    await j.flush();
    expect(onDrop).toHaveBeenCalledTimes(1);
    expect(onClosed).toHaveBeenCalledTimes(1);
    j.record('q2', 'B');
    await vi.advanceTimersByTimeAsync(5000);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('clear() forgets the journal', () => {
    const j = new AnswerJournal('p7', { send: async (e) => ({ accepted: true, seq: e.seq }) });
    j.record('q1', 'A');
    j.clear();
    expect(localStorage.getItem(journalKey('p7'))).toBeNull();
    expect(j.pendingCount()).toBe(0);
  });

  it('back-off doubles up to the cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, 1000, 30_000))).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
});

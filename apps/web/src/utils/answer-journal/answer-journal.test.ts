import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AnswerJournal,
  backoffDelay,
  type JournalEntry,
  journalKey,
  type SendOutcome,
  type SendResult,
} from './answer-journal';
import { sameAnswer } from './reconcile';

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

  it('a flush during a send in flight waits for the answers recorded since (a hand-in right after the last answer)', async () => {
    const releases: (() => void)[] = [];
    const sent: string[] = [];
    const j = new AnswerJournal('p4b', {
      send: (e) =>
        new Promise((resolve) => {
          sent.push(e.quId);
          releases.push(() => resolve({ accepted: true, seq: e.seq }));
        }),
    });
    j.record('q1', 'A');
    await vi.advanceTimersByTimeAsync(800); // q1 is on its way
    j.record('q2', 'B'); // the last answer, then 交卷 at once
    let done = false;
    const flushed = j.flush().then(() => {
      done = true;
    });
    releases.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false); // q2 is being sent, not counted as unsaved
    expect(sent).toEqual(['q1', 'q2']);
    releases.shift()?.();
    await flushed;
    expect(j.pendingCount()).toBe(0);
  });

  it('a stale refusal is saved only when the server holds the same answer, else the server answer replaces it', async () => {
    const server = fakeServer();
    server.saved.set('q1', { quId: 'q1', answer: 'Z', seq: 100 });
    server.saved.set('q2', { quId: 'q2', answer: ['A', 'C'], seq: 100 });
    const results: [string, SendOutcome][] = [];
    const j = new AnswerJournal('p5', {
      send: async (e) => {
        const r = await server.send(e);
        const held = server.saved.get(e.quId);
        return r.accepted ? r : { ...r, answer: held?.answer, flagged: false };
      },
      onResult: (e, o) => results.push([e.quId, o]),
    });
    j.record('q1', 'A');
    j.record('q2', ['A', 'C']);
    await j.flush();
    expect(j.pendingCount()).toBe(0);
    expect(server.saved.get('q1')?.answer).toBe('Z');
    expect(results).toEqual([
      ['q1', { kind: 'conflict', answer: 'Z', flagged: false }],
      ['q2', { kind: 'saved' }],
    ]);
  });

  it('a conflict also drops a newer change of the same question made during the send', async () => {
    let release: ((r: SendResult) => void) | null = null;
    const results: SendOutcome[] = [];
    const j = new AnswerJournal('p5b', {
      send: () =>
        new Promise((resolve) => {
          release = resolve;
        }),
      onResult: (_e, o) => results.push(o),
    });
    j.record('q1', 'A');
    void j.flush();
    j.record('q1', 'B'); // while A is in flight
    (release as unknown as (r: SendResult) => void)({ accepted: false, seq: 9, answer: 'C', flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([{ kind: 'conflict', answer: 'C', flagged: false }]);
    expect(j.pendingCount()).toBe(0);
  });

  it('pauses on another window, keeps every entry, and sends them after resume', async () => {
    const server = fakeServer();
    let otherWindow = true;
    const paused = vi.fn();
    const j = new AnswerJournal('p8', {
      send: async (e) => {
        if (otherWindow) throw new Error('other');
        return server.send(e);
      },
      classify: () => 'paused',
      onPaused: paused,
    });
    j.start();
    j.record('q1', 'A');
    await vi.advanceTimersByTimeAsync(800);
    expect(paused).toHaveBeenCalledTimes(1);
    expect(j.isPaused()).toBe(true);
    j.record('q2', 'B');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(j.pendingCount()).toBe(2); // nothing sent, nothing lost
    expect(server.calls).toBe(0);
    otherWindow = false;
    j.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(j.pendingCount()).toBe(0);
    expect(server.saved.get('q2')?.answer).toBe('B');
    j.dispose();
  });

  it('after a takeover keeps only entries whose question nobody else answered meanwhile', () => {
    const j = new AnswerJournal('p9', { send: async (e) => ({ accepted: true, seq: e.seq }) });
    j.applyServer(
      [
        { quId: 'q1', seq: 3, answer: 'A', flagged: false },
        { quId: 'q2', seq: 3, answer: 'A', flagged: false },
      ],
      false,
    );
    j.record('q1', 'B'); // base 3, seq 4
    j.record('q2', 'B'); // base 3, seq 5
    const r = j.applyServer(
      [
        { quId: 'q1', seq: 3, answer: 'A', flagged: false }, // untouched: B is still to send
        { quId: 'q2', seq: 4, answer: 'C', flagged: true }, // the other window wrote it (seq 4 < 5)
      ],
      true,
    );
    expect(r.keep.map((e) => e.quId)).toEqual(['q1']);
    expect(r.conflicts).toEqual([{ quId: 'q2', seq: 4, answer: 'C', flagged: true }]);
    expect(j.pendingEntries().map((e) => e.quId)).toEqual(['q1']);
    expect(j.record('q3', 'x').seq).toBe(6); // above every sequence seen
  });

  it('after a reload drops entries the server already holds, and shows a different newer answer', () => {
    localStorage.setItem(
      journalKey('p10'),
      JSON.stringify({
        lastSeq: 7,
        entries: {
          q1: { quId: 'q1', answer: 'A', seq: 6, base: 1 },
          q2: { quId: 'q2', answer: 'A', seq: 7, base: 1 },
          q3: { quId: 'q3', answer: 'A', seq: 5, base: 1 },
        },
      }),
    );
    const j = new AnswerJournal('p10', { send: async (e) => ({ accepted: true, seq: e.seq }) });
    const r = j.applyServer(
      [
        { quId: 'q1', seq: 6, answer: 'A', flagged: false }, // saved, the answer was lost
        { quId: 'q2', seq: 1, answer: null, flagged: false }, // still to send
        { quId: 'q3', seq: 8, answer: 'D', flagged: false }, // newer elsewhere
      ],
      false,
    );
    expect(r).toMatchObject({ saved: ['q1'], conflicts: [{ quId: 'q3', answer: 'D' }] });
    expect(j.pendingEntries().map((e) => e.quId)).toEqual(['q2']);
  });

  it('stops when the paper is closed, and reports answers the server refuses for good as failed', async () => {
    const onClosed = vi.fn();
    const results: [string, SendOutcome['kind']][] = [];
    const j = new AnswerJournal('p6', {
      send: async (e) => {
        throw new Error(e.quId === 'bad' ? 'bad' : 'closed');
      },
      classify: (err) => ((err as Error).message === 'bad' ? 'drop' : 'closed'),
      onClosed,
      onResult: (e, o) => results.push([e.quId, o.kind]),
    });
    j.record('bad', 'x');
    j.record('q1', 'A');
    await j.flush();
    expect(results).toEqual([['bad', 'failed']]);
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(j.pendingEntries().map((e) => e.quId)).toEqual(['q1']); // not sent: still not saved
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

  it('compares answers deeply, key order ignored', () => {
    expect(sameAnswer({ L1: 'R1', L2: 'R2' }, { L2: 'R2', L1: 'R1' })).toBe(true);
    expect(sameAnswer(['A', 'C'], ['C', 'A'])).toBe(false);
    expect(sameAnswer(undefined, null)).toBe(true);
    expect(sameAnswer('A', ['A'])).toBe(false);
  });

  it('back-off doubles up to the cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, 1000, 30_000))).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
});

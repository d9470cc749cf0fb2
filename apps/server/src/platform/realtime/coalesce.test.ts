/**
 * The stream's write coalescing (coalesce.ts) on fake responses: one chunk a tick per stream, the
 * order kept, nothing lost (a stream's end writes what waits), streams waiting for the same frames
 * sharing one encoded chunk, and the slow-client cut-off kept.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer, type Sink } from './coalesce.js';

/** A response whose socket takes `takes` bytes and keeps the rest waiting (writableLength). */
class FakeSink implements Sink {
  chunks: Buffer[] = [];
  ended = false;
  destroyed = false;
  held = 0;
  constructor(private readonly takes = Number.POSITIVE_INFINITY) {}
  write(chunk: Buffer) {
    this.chunks.push(chunk);
    this.held += Math.max(0, chunk.length - this.takes);
    return true;
  }
  end(chunk?: Buffer) {
    if (chunk) this.chunks.push(chunk);
    this.ended = true;
  }
  get writableLength() {
    return this.held;
  }
  get writableEnded() {
    return this.ended;
  }
  get text() {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

const frame = (n: number) => `id: ${n}\ndata: {"n":${n},"text":"消息${n}"}\n\n`;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Coalescer', () => {
  it('writes the frames of one tick as one chunk, in order, and nothing before the tick', () => {
    const c = new Coalescer(50);
    const sink = new FakeSink();
    const o = c.outlet(sink, 1 << 20, () => {
      throw new Error('not slow');
    });
    for (let n = 1; n <= 200; n++) o.push(frame(n));
    expect(sink.chunks).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(sink.chunks).toHaveLength(1);
    expect(sink.text).toBe(Array.from({ length: 200 }, (_, i) => frame(i + 1)).join(''));
    o.push(frame(201));
    o.push(frame(202));
    vi.advanceTimersByTime(49);
    expect(sink.chunks).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sink.chunks).toHaveLength(2);
    expect(sink.chunks[1].toString()).toBe(frame(201) + frame(202));
    vi.advanceTimersByTime(500); // nothing waits: no empty writes, no timer left running
    expect(sink.chunks).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('loses nothing when a stream ends: what waits is written before the end', () => {
    const c = new Coalescer(50);
    const sink = new FakeSink();
    const o = c.outlet(sink, 1 << 20, () => {});
    o.push(frame(1));
    o.push(frame(2));
    o.end();
    expect(sink.ended).toBe(true);
    expect(sink.text).toBe(frame(1) + frame(2));
    o.push(frame(3)); // after the end: dropped, never written to an ended response
    vi.advanceTimersByTime(100);
    expect(sink.text).toBe(frame(1) + frame(2));
    expect(c.waitingCount).toBe(0);
  });

  it('gives streams waiting for the same frames one shared chunk, and each its own order otherwise', () => {
    const c = new Coalescer(50);
    const sinks = [new FakeSink(), new FakeSink(), new FakeSink()];
    const outlets = sinks.map((s) => c.outlet(s, 1 << 20, () => {}));
    const shared = [frame(1), frame(2), frame(3)];
    for (const f of shared) for (const o of outlets.slice(0, 2)) o.push(f);
    outlets[2].push(frame(1));
    outlets[2].push(': heartbeat\n\n');
    outlets[2].push(frame(3));
    vi.advanceTimersByTime(50);
    expect(sinks[0].chunks[0]).toBe(sinks[1].chunks[0]); // one encoding for both
    expect(sinks[0].text).toBe(shared.join(''));
    expect(sinks[2].text).toBe(`${frame(1)}: heartbeat\n\n${frame(3)}`);
  });

  it('still cuts off a client that does not read, and writes a burst beyond the limit at once', () => {
    const c = new Coalescer(50);
    const slow = new FakeSink(1000); // the socket takes 1,000 bytes a write, the rest waits
    const fast = new FakeSink();
    let cut = 0;
    const o = c.outlet(slow, 64 * 1024, () => cut++);
    const ok = c.outlet(fast, 64 * 1024, () => {
      throw new Error('a reading client is never cut off');
    });
    const big = `data: ${'x'.repeat(10_000)}\n\n`;
    for (let i = 0; i < 5; i++) {
      o.push(big);
      ok.push(big);
    }
    vi.advanceTimersByTime(50);
    expect(cut).toBe(0); // 49 KB behind: under the 64 KB limit
    for (let i = 0; i < 3; i++) o.push(big);
    vi.advanceTimersByTime(50);
    expect(cut).toBe(1); // 78 KB behind: cut, once
    o.push(big);
    vi.advanceTimersByTime(50);
    expect(cut).toBe(1);
    expect(slow.chunks).toHaveLength(2); // nothing more written to it

    // 200 KB published within one tick: each time more than the limit waits, it leaves at once.
    const burst = new FakeSink();
    const b = c.outlet(burst, 64 * 1024, () => {});
    for (let i = 0; i < 20; i++) b.push(big);
    expect(burst.chunks.map((x) => x.length)).toEqual([7 * big.length, 7 * big.length]);
    vi.advanceTimersByTime(50);
    expect(burst.chunks).toHaveLength(3);
    expect(burst.text).toBe(big.repeat(20));
  });

  it('with tick 0 writes each frame at once', () => {
    const c = new Coalescer(0);
    const sink = new FakeSink();
    const o = c.outlet(sink, 1 << 20, () => {});
    o.push(frame(1));
    o.push(frame(2));
    expect(sink.chunks.map((x) => x.toString())).toEqual([frame(1), frame(2)]);
  });
});

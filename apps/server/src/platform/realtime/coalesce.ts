/**
 * Frames bound for a stream wait here one short tick and leave as one chunk: a chat of 200 lines a
 * second to 300 streams is then 300 writes a tick (3,000 a second at 100 ms) instead of 60,000
 * writes a second. All streams of the app share one timer, armed only while something waits. In one
 * tick, streams waiting for the same frames (one topic, no filter: the usual case) share one
 * encoded chunk. Per stream the order is kept and nothing is dropped: ending a stream writes what
 * waits first. The slow-client rule is unchanged: a stream whose socket still holds more than its
 * limit after a write is cut off (a client that does not read).
 */

/** The part of the HTTP response a stream writes to. */
export interface Sink {
  write(chunk: Buffer): unknown;
  end(chunk?: Buffer): unknown;
  readonly writableLength: number;
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
}

const same = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** One stream's waiting frames. */
export class Outlet {
  /** Frames waiting for the next tick, oldest first. */
  waiting: string[] = [];
  /** Their length in UTF-16 units (at most their bytes): past the limit they leave at once. */
  private waitingChars = 0;
  private done = false;

  constructor(
    private readonly owner: Coalescer,
    private readonly sink: Sink,
    private readonly limitBytes: number,
    /** Called once when the socket holds more than limitBytes after a write (the stream cuts it off). */
    private readonly onOverflow: (waitingBytes: number) => void,
  ) {}

  /** Queues a frame (a whole `…\n\n` block) for the next tick. */
  push(frame: string): void {
    if (this.done) return;
    this.waiting.push(frame);
    this.waitingChars += frame.length;
    // A burst larger than a client may hold does not wait for the tick (nor grow the memory).
    if (this.waitingChars > this.limitBytes) this.flush();
    else this.owner.due(this);
  }

  /** Writes what waits (an encoded chunk shared with other streams, when given) and checks the limit. */
  flush(chunk?: Buffer): void {
    if (this.done || this.waiting.length === 0) return;
    const bytes = chunk ?? Buffer.from(this.waiting.join(''));
    this.waiting = [];
    this.waitingChars = 0;
    if (this.sink.destroyed) return;
    this.sink.write(bytes);
    // Node keeps what the socket did not take; a client that does not read would grow it forever.
    if (this.sink.writableLength > this.limitBytes) {
      this.close();
      this.onOverflow(this.sink.writableLength);
    }
  }

  /** Ends the response after what waits (a stream's normal end). */
  end(): void {
    if (this.done) return;
    const rest = this.waiting.length ? Buffer.from(this.waiting.join('')) : undefined;
    this.close();
    if (this.sink.destroyed || this.sink.writableEnded) return;
    if (rest) this.sink.end(rest);
    else this.sink.end();
  }

  /** Forgets what waits and takes nothing more (the stream is being cut off). */
  close(): void {
    this.done = true;
    this.waiting = [];
    this.waitingChars = 0;
    this.owner.forget(this);
  }
}

export class Coalescer {
  private readonly pending = new Set<Outlet>();
  private timer: NodeJS.Timeout | null = null;

  /** tickMs 0 writes every frame at once (no coalescing). */
  constructor(private readonly tickMs: number) {}

  outlet(sink: Sink, limitBytes: number, onOverflow: (waitingBytes: number) => void): Outlet {
    return new Outlet(this, sink, limitBytes, onOverflow);
  }

  /** An outlet has frames waiting. */
  due(outlet: Outlet): void {
    if (this.tickMs <= 0) {
      outlet.flush();
      return;
    }
    this.pending.add(outlet);
    this.timer ??= setTimeout(() => this.flush(), this.tickMs);
  }

  forget(outlet: Outlet): void {
    this.pending.delete(outlet);
  }

  /** Writes every waiting outlet now; outlets waiting for the same frames share one encoded chunk. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const outlets = [...this.pending];
    this.pending.clear();
    // The chunks encoded this tick, newest first (a few: a stream's heartbeat makes its own).
    const encoded: { frames: string[]; chunk: Buffer }[] = [];
    for (const o of outlets) {
      if (o.waiting.length === 0) continue;
      let hit = encoded.find((e) => same(e.frames, o.waiting));
      if (!hit) {
        hit = { frames: o.waiting, chunk: Buffer.from(o.waiting.join('')) };
        encoded.unshift(hit);
        if (encoded.length > 4) encoded.pop();
      }
      o.flush(hit.chunk);
    }
  }

  /** Outlets waiting for the next tick (tests). */
  get waitingCount(): number {
    return this.pending.size;
  }
}

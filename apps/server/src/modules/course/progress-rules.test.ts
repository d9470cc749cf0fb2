import { describe, expect, it } from 'vitest';
import {
  applyMediaBeat,
  applyReadBeat,
  type Beat,
  beatWindow,
  clockCredit,
  fetchedMediaSeconds,
  furthestAllowed,
  isFileDone,
  type LearnState,
  mergeRanges,
  subtractRanges,
} from './progress-rules.js';

const T0 = new Date('2026-03-01T08:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const play = (ranges: [number, number][], rate = 1): Beat => ({ ranges, rate, playing: true, visible: true });

/** Runs beats through the rule as the service does, carrying the state. */
function run(
  length: number,
  beats: { at: number; beat: Beat }[],
  start: LearnState = { ranges: [], lastBeatAt: null },
) {
  let state = start;
  let study = 0;
  for (const b of beats) {
    const c = applyMediaBeat(state, b.beat, length, at(b.at), beatWindow(state, b.beat, true, at(b.at)));
    state = { ranges: c.ranges, lastBeatAt: c.beatAt };
    study += c.studySeconds;
  }
  return { state, study, watched: state.ranges.reduce((n, [s, e]) => n + e - s, 0) };
}

describe('range merging', () => {
  it('merges overlaps and touching ranges, drops inverted ones and clips to the length', () => {
    expect(
      mergeRanges(
        [
          [5, 10],
          [0, 3],
          [3, 4],
          [8, 12],
          [20, 15],
          [-5, 1],
          [95, 130],
        ],
        100,
      ),
    ).toEqual([
      [0, 4],
      [5, 12],
      [95, 100],
    ]);
  });
  it('subtracts what is already watched', () => {
    expect(
      subtractRanges(
        [[0, 30]],
        [
          [5, 10],
          [20, 25],
        ],
      ),
    ).toEqual([
      [0, 5],
      [10, 20],
      [25, 30],
    ]);
  });
});

describe('crediting with an injected clock', () => {
  it('credits what was played at 1x, heartbeat by heartbeat', () => {
    const r = run(100, [
      { at: 0, beat: play([]) },
      { at: 10, beat: play([[0, 10]]) },
      { at: 20, beat: play([[10, 20]]) },
    ]);
    expect(r.watched).toBe(20);
    expect(r.study).toBe(20);
  });

  it('the first heartbeat only starts the clock', () => {
    expect(run(100, [{ at: 0, beat: play([[0, 10]]) }]).watched).toBe(0);
  });

  it('a rewind earns nothing for seconds already watched', () => {
    const r = run(100, [
      { at: 0, beat: play([]) },
      { at: 10, beat: play([[0, 10]]) },
      { at: 20, beat: play([[0, 10]]) },
    ]);
    expect(r.watched).toBe(10);
    expect(r.study).toBe(20); // time spent rewatching is study time, not new coverage
  });

  it('a forged range earns only the wall-clock budget', () => {
    const r = run(600, [
      { at: 0, beat: play([]) },
      { at: 10, beat: play([[0, 600]]) },
    ]);
    expect(r.watched).toBe(10);
  });

  it('credits 2x playback at most twice the wall clock, and never more than 2x', () => {
    expect(
      run(600, [
        { at: 0, beat: play([]) },
        { at: 10, beat: play([[0, 20]], 2) },
      ]).watched,
    ).toBe(20);
    expect(
      run(600, [
        { at: 0, beat: play([]) },
        { at: 10, beat: play([[0, 160]], 16) },
      ]).watched,
    ).toBe(20);
  });

  it('two tabs share one budget', () => {
    const r = run(600, [
      { at: 0, beat: play([]) },
      { at: 10, beat: play([[0, 10]]) }, // tab A
      { at: 10.5, beat: play([[300, 310]]) }, // tab B, half a second later
      { at: 20, beat: play([[10, 20]]) },
      { at: 20.5, beat: play([[310, 320]]) },
    ]);
    expect(r.watched).toBeCloseTo(20.5, 5); // 20.5 s of wall clock, not 40
    expect(r.study).toBeCloseTo(20.5, 5);
  });

  it('a replayed request finds no time left', () => {
    const r = run(600, [
      { at: 0, beat: play([]) },
      { at: 10, beat: play([[0, 10]]) },
      { at: 10.01, beat: play([[0, 10]]) },
      { at: 10.02, beat: play([[10, 20]]) },
    ]);
    expect(r.watched).toBeCloseTo(10.01, 5); // the replay used 0.01 s of clock and earned nothing
  });

  it('a paused or hidden tab earns nothing', () => {
    const r = run(600, [
      { at: 0, beat: play([]) },
      { at: 10, beat: { ranges: [[0, 10]], rate: 1, playing: false, visible: true } },
      { at: 20, beat: { ranges: [[0, 10]], rate: 1, playing: true, visible: false } },
    ]);
    expect(r.watched).toBe(0);
    expect(r.study).toBe(0);
  });

  it('a long silence credits at most the longest heartbeat gap', () => {
    const r = run(6000, [
      { at: 0, beat: play([]) },
      { at: 3600, beat: play([[0, 3600]]) },
    ]);
    expect(r.watched).toBe(15);
  });

  it('a clock moved backwards credits nothing and does not rewind the last heartbeat time', () => {
    const r = run(600, [
      { at: 100, beat: play([]) },
      { at: 90, beat: play([[0, 10]]) },
      { at: 100, beat: play([[0, 10]]) },
    ]);
    expect(r.watched).toBe(0);
    expect(r.state.lastBeatAt).toEqual(at(100));
  });

  it('reading time counts only while visible', () => {
    const read = (lastBeatAt: Date | null, visible: boolean, now: Date) =>
      applyReadBeat(
        { ranges: [], lastBeatAt },
        beatWindow({ ranges: [], lastBeatAt }, { playing: false, visible }, false, now),
        now,
      );
    const s0 = read(null, true, at(0));
    const s1 = read(s0.beatAt, true, at(10));
    const s2 = read(s1.beatAt, false, at(20));
    expect([s0.studySeconds, s1.studySeconds, s2.studySeconds]).toEqual([0, 10, 0]);
  });
});

describe("the learner's one study clock", () => {
  it('credits only the part of a window after the time already credited', () => {
    expect(clockCredit(10, null, at(10))).toBe(10); // the first credit ever
    expect(clockCredit(10, at(10), at(10))).toBe(0); // a parallel file at the same instant
    expect(clockCredit(10, at(5), at(12))).toBe(7);
    expect(clockCredit(10, at(0), at(30))).toBe(10); // never more than the file's own window
    expect(clockCredit(0, null, at(10))).toBe(0);
    expect(clockCredit(10, at(40), at(30))).toBe(0); // the clock went back
  });

  it('three files beating every 10 s for 60 s share 60 s, not 180 s', () => {
    let until: Date | null = null;
    let total = 0;
    for (let s = 10; s <= 60; s += 10)
      for (let f = 0; f < 3; f++) {
        const c = clockCredit(10, until, at(s));
        total += c;
        if (c > 0 || !until) until = at(s);
      }
    expect(total).toBe(60);
  });

  it('caps watched media at the share of its bytes served', () => {
    expect(fetchedMediaSeconds(0, 1000, 100)).toBe(5);
    expect(fetchedMediaSeconds(500, 1000, 100)).toBe(55);
    expect(fetchedMediaSeconds(5000, 1000, 100)).toBe(100);
    const r = applyMediaBeat({ ranges: [], lastBeatAt: at(0) }, play([[0, 10]]), 100, at(10), 10, 5);
    expect(r.gained).toBe(5);
  });
});

describe('completion rules', () => {
  const base = { duration: 100, watched: 0, passRate: 95, maxPage: 0, pages: 0, studySeconds: 0, minReadSeconds: 0 };
  it('a video is done at its threshold of watched length', () => {
    expect(isFileDone({ ...base, kind: 'video', watched: 94.9 })).toBe(false);
    expect(isFileDone({ ...base, kind: 'video', watched: 95 })).toBe(true);
    expect(isFileDone({ ...base, kind: 'video', watched: 80, passRate: 80 })).toBe(true);
    expect(isFileDone({ ...base, kind: 'video', duration: 0, watched: 0 })).toBe(false);
  });
  it('a document needs its last page and the minimum reading time', () => {
    const doc = { ...base, kind: 'pdf', pages: 5, minReadSeconds: 30 };
    expect(isFileDone({ ...doc, maxPage: 5, studySeconds: 29 })).toBe(false);
    expect(isFileDone({ ...doc, maxPage: 4, studySeconds: 60 })).toBe(false);
    expect(isFileDone({ ...doc, maxPage: 5, studySeconds: 30 })).toBe(true);
  });
  it('an image is done when opened', () => {
    expect(isFileDone({ ...base, kind: 'image' })).toBe(true);
  });
  it('seeking is allowed up to the furthest watched point plus the tolerance', () => {
    expect(
      furthestAllowed([
        [0, 30],
        [40, 50],
      ]),
    ).toBe(55);
    expect(furthestAllowed([])).toBe(5);
  });
});

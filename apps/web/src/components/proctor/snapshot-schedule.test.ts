import { describe, expect, it } from 'vitest';
import { createSnapshotSchedule, EVENT_GAP_MS } from './snapshot-schedule';

describe('snapshot schedule', () => {
  it('takes the random snapshot once at the server’s next time, then waits for a new plan', () => {
    const s = createSnapshotSchedule();
    expect(s.takeRandom(0)).toBe(false); // nothing planned before the room answers
    s.plan(45, 1_000);
    expect(s.dueAt()).toBe(46_000);
    expect(s.takeRandom(45_999)).toBe(false);
    expect(s.takeRandom(46_000)).toBe(true);
    expect(s.takeRandom(47_000)).toBe(false);
    expect(s.dueAt()).toBeNull();
    s.plan(30, 50_000); // the upload's answer
    expect(s.takeRandom(80_000)).toBe(true);
  });

  it('a later plan replaces the earlier one; a zero or negative interval waits a second', () => {
    const s = createSnapshotSchedule();
    s.plan(120, 0);
    s.plan(40, 10_000);
    expect(s.dueAt()).toBe(50_000);
    s.plan(0, 60_000);
    expect(s.dueAt()).toBe(61_000);
  });

  it('event snapshots are not taken more often than every 5 s', () => {
    const s = createSnapshotSchedule();
    expect(EVENT_GAP_MS).toBe(5000);
    expect(s.takeEvent(10_000)).toBe(true);
    expect(s.takeEvent(12_000)).toBe(false);
    expect(s.takeEvent(14_999)).toBe(false);
    expect(s.takeEvent(15_000)).toBe(true);
    expect(s.takeEvent(15_001)).toBe(false);
  });

  it('events do not move the random snapshot', () => {
    const s = createSnapshotSchedule();
    s.plan(60, 0);
    s.takeEvent(30_000);
    expect(s.dueAt()).toBe(60_000);
  });
});

import { LiveState } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { liveState } from './live-state.js';

const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 10, m));
const room = { startTime: at(0), endTime: at(60), publishingSince: null, lastEndedAt: null };

describe('liveState', () => {
  it('is upcoming before the start and before any stream', () => {
    expect(liveState(room, at(-10))).toBe(LiveState.UPCOMING);
    expect(liveState(room, at(5))).toBe(LiveState.UPCOMING); // late lecturer: still announced
  });
  it('is live while a stream is published, even before the start or after the planned end', () => {
    expect(liveState({ ...room, publishingSince: at(-5) }, at(-4))).toBe(LiveState.LIVE);
    expect(liveState({ ...room, publishingSince: at(10) }, at(70))).toBe(LiveState.LIVE);
  });
  it('is ended once a stream after the start stopped, or the planned end passed', () => {
    expect(liveState({ ...room, lastEndedAt: at(30) }, at(31))).toBe(LiveState.ENDED);
    expect(liveState(room, at(60))).toBe(LiveState.ENDED);
  });
  it('a rehearsal push that stopped before the start leaves the room upcoming', () => {
    expect(liveState({ ...room, lastEndedAt: at(-20) }, at(-10))).toBe(LiveState.UPCOMING);
  });
});

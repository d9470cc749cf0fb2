import type { TOnlineExam } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { sortToday, untilText } from './today';

const exam = (id: string, patch: Partial<TOnlineExam>): TOnlineExam => ({
  id,
  title: id,
  cover: null,
  openType: 1,
  startTime: '2026-11-24T00:00:00Z',
  endTime: '2026-11-30T00:00:00Z',
  duration: 60,
  totalScore: 100,
  passScore: 60,
  tryLimit: 0,
  cycleType: 0,
  timeState: 1,
  timeStateLabel: '进行中',
  tryCount: 0,
  triesLeft: null,
  bestScore: null,
  passed: false,
  openPaperId: null,
  ...patch,
});

describe('the home page: what to do now', () => {
  it('puts open papers first, then exams open now by deadline, then coming ones by start', () => {
    const t = sortToday([
      exam('late', { endTime: '2026-12-30T00:00:00Z' }),
      exam('soon', { endTime: '2026-11-25T00:00:00Z' }),
      exam('passed', { passed: true }),
      exam('no-tries', { triesLeft: 0 }),
      exam('locked', { lockedReason: '请先完成课程' }),
      exam('ended', { timeState: 2 }),
      exam('open-paper', { openPaperId: 'p1' }),
      exam('next-week', { timeState: 0, startTime: '2026-12-01T00:00:00Z' }),
      exam('tomorrow', { timeState: 0, startTime: '2026-11-25T00:00:00Z' }),
    ]);
    expect(t.unfinished.map((e) => e.id)).toEqual(['open-paper']);
    expect(t.openNow.map((e) => e.id)).toEqual(['soon', 'late']);
    expect(t.comingUp.map((e) => e.id)).toEqual(['tomorrow', 'next-week']);
  });

  it('says how long until a moment in Chinese', () => {
    expect(untilText(30_000)).toBe('不到 1 分钟');
    expect(untilText(12 * 60_000)).toBe('12 分钟');
    expect(untilText(2 * 3600_000)).toBe('2 小时');
    expect(untilText(5 * 3600_000 + 20 * 60_000)).toBe('5 小时 20 分');
    expect(untilText(3 * 86400_000 + 5000)).toBe('3 天');
  });
});

import { CycleType } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { periodStart } from './exam-rules.js';

// Monday 23 November 2026, 01:00 in Shanghai = Sunday 22 November, 12:00 in New York.
const now = new Date('2026-11-22T17:00:00Z');

describe('periodStart follows the site time zone', () => {
  it('Asia/Shanghai', () => {
    const zone = 'Asia/Shanghai';
    expect(periodStart(CycleType.DAILY, now, zone)?.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(periodStart(CycleType.WEEKLY, now, zone)?.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(periodStart(CycleType.MONTHLY, now, zone)?.toISOString()).toBe('2026-10-31T16:00:00.000Z');
  });

  it('America/New_York', () => {
    const zone = 'America/New_York';
    expect(periodStart(CycleType.DAILY, now, zone)?.toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(periodStart(CycleType.WEEKLY, now, zone)?.toISOString()).toBe('2026-11-16T05:00:00.000Z');
    // 1 November: clocks went back that morning, so the month began on daylight time (UTC-4).
    expect(periodStart(CycleType.MONTHLY, now, zone)?.toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('no cycle, no period', () => {
    expect(periodStart(0, now, 'Asia/Shanghai')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  formatLocalDateTime,
  isTimeZone,
  localDayKey,
  localWeekday,
  startOfDay,
  startOfLocalDay,
} from './time-zone.js';

const SH = 'Asia/Shanghai';
const NY = 'America/New_York';

describe('day boundaries', () => {
  it('Shanghai: 16:00 UTC is already the next day', () => {
    const at = new Date('2026-03-01T16:30:00Z'); // 00:30 on 2 March in Shanghai
    expect(localDayKey(at, SH)).toBe('2026-03-02');
    expect(startOfDay(at, SH).toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });

  it('New York: the same instant is still 1 March, and its day starts at 05:00 UTC (EST)', () => {
    const at = new Date('2026-03-01T16:30:00Z');
    expect(localDayKey(at, NY)).toBe('2026-03-01');
    expect(startOfDay(at, NY).toISOString()).toBe('2026-03-01T05:00:00.000Z');
  });

  it('New York across daylight saving: days of 23 and 25 hours', () => {
    // 2026-03-08 clocks go forward; 2026-11-01 they go back.
    expect(startOfLocalDay(2026, 3, 8, NY).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay(2026, 3, 9, NY).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDay(2026, 11, 1, NY).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfLocalDay(2026, 11, 2, NY).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(addLocalDays(new Date('2026-03-08T12:00:00Z'), 1, NY).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('rolls over months and years, backwards too', () => {
    expect(addLocalDays(new Date('2026-12-31T20:00:00Z'), 0, SH).toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(addLocalDays(new Date('2027-01-01T01:00:00Z'), -13, SH).toISOString()).toBe('2026-12-18T16:00:00.000Z');
  });

  it('weekday and wall-clock text follow the zone', () => {
    const at = new Date('2026-11-22T17:00:00Z'); // Monday 01:00 in Shanghai, Sunday 12:00 in New York
    expect(localWeekday(at, SH)).toBe(0);
    expect(localWeekday(at, NY)).toBe(6);
    expect(formatLocalDateTime(at, SH)).toBe('2026-11-23 01:00:00');
    expect(formatLocalDateTime(at, NY)).toBe('2026-11-22 12:00:00');
  });

  it('knows an IANA zone from a typo', () => {
    expect(isTimeZone(NY)).toBe(true);
    expect(isTimeZone('Asia/Shangai')).toBe(false);
  });
});

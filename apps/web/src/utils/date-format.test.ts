import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SITE_TIME_ZONE,
  formatChineseDate,
  formatDay,
  formatMinute,
  formatTime,
  setSiteTimeZone,
  siteTimeZone,
} from './date-format';
import { formatDateTime, formatTimeAgo } from './time';

// 2025-12-31 22:30 in New York = 2026-01-01 03:30 UTC = 2026-01-01 11:30 in Shanghai.
const AT = '2026-01-01T03:30:00.000Z';

describe('dates in the site time zone', () => {
  afterEach(() => setSiteTimeZone(DEFAULT_SITE_TIME_ZONE));

  it('formats in Asia/Shanghai by default, whatever the browser zone', () => {
    expect(siteTimeZone()).toBe('Asia/Shanghai');
    expect(formatTime(AT)).toBe('2026-01-01 11:30:00');
    expect(formatDateTime(AT)).toBe('2026-01-01 11:30:00');
  });

  it("follows the site's zone from the public config", () => {
    setSiteTimeZone('America/New_York');
    expect(formatTime(AT)).toBe('2025-12-31 22:30:00');
    expect(formatMinute(new Date(AT))).toBe('2025-12-31 22:30');
    expect(formatDay(Date.parse(AT))).toBe('2025-12-31');
    expect(formatChineseDate(AT)).toBe('2025年12月31日');
    expect(formatDateTime(AT)).toBe('2025-12-31 22:30:00');
    // An older time falls back to a date, in the site's zone too.
    expect(formatTimeAgo(AT, new Date('2026-01-10T00:00:00Z'), 'YYYY-MM-DD HH:mm')).toBe('2025-12-31 22:30');
  });

  it('keeps the current zone for a missing or unknown zone, and prints nothing for no time', () => {
    setSiteTimeZone('Europe/London');
    setSiteTimeZone('Not/AZone');
    setSiteTimeZone(undefined);
    expect(siteTimeZone()).toBe('Europe/London');
    expect(formatTime(AT)).toBe('2026-01-01 03:30:00');
    expect(formatTime(null)).toBe('');
    expect(formatTime('')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});

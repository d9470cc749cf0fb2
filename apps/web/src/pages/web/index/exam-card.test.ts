import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_TIME_ZONE, setSiteTimeZone } from '../../../utils/date-format';
import { windowText } from './ExamCard';

describe('the exam window text', () => {
  afterEach(() => setSiteTimeZone(DEFAULT_SITE_TIME_ZONE));

  it('prints and compares days in the site zone', () => {
    // 09:00-11:00 on 1 January in Shanghai is 20:00-22:00 on 31 December in New York.
    const start = '2026-01-01T01:00:00.000Z';
    const end = '2026-01-01T03:00:00.000Z';
    expect(windowText(start, end)).toBe('2026-01-01 09:00 至 11:00');
    setSiteTimeZone('America/New_York');
    expect(windowText(start, end)).toBe('2025-12-31 20:00 至 22:00');
  });
});

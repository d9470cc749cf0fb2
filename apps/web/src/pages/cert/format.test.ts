import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_TIME_ZONE, setSiteTimeZone } from '../../utils/date-format';
import { formatCertDate } from './format';

// 2025-12-31 22:30 in New York = 2026-01-01 03:30 UTC = 2026-01-01 11:30 in Shanghai.
const AT = '2026-01-01T03:30:00.000Z';

describe('certificate dates in the site time zone', () => {
  afterEach(() => setSiteTimeZone(DEFAULT_SITE_TIME_ZONE));

  it('prints the day in the site zone, Asia/Shanghai by default', () => {
    expect(formatCertDate(AT)).toBe('2026年1月1日');
    setSiteTimeZone('America/New_York');
    expect(formatCertDate(AT)).toBe('2025年12月31日');
  });
});

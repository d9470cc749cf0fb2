import { describe, expect, it } from 'vitest';
import { formatCertNo, localYear, maskName, newVerifyCode } from './cert-number.js';

describe('certificate numbering', () => {
  it('formats prefix-year-sequence with six digits', () => {
    expect(formatCertNo('CERT', 2026, 123)).toBe('CERT-2026-000123');
  });
  it('takes the year in the site time zone, not UTC nor a fixed +8 h', () => {
    expect(localYear(new Date('2025-12-31T17:00:00Z'), 'Asia/Shanghai')).toBe(2026);
    expect(localYear(new Date('2025-12-31T15:00:00Z'), 'Asia/Shanghai')).toBe(2025);
    // New York is still in the old year when Shanghai and UTC have the new one.
    expect(localYear(new Date('2026-01-01T03:00:00Z'), 'America/New_York')).toBe(2025);
    expect(localYear(new Date('2026-01-01T06:00:00Z'), 'America/New_York')).toBe(2026);
  });
  it('makes random, url-safe codes of 128 bits', () => {
    const a = newVerifyCode();
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newVerifyCode()).not.toBe(a);
  });
  it('masks names but keeps the first character', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
    expect(maskName('李')).toBe('李');
  });
});

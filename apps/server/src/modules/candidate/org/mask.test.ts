import { describe, expect, it } from 'vitest';
import { maskIdNumber, maskMobile } from './mask.js';

describe('masking in lists', () => {
  it('keeps the first 3 and last 4 digits of a mobile', () => {
    expect(maskMobile('13800000000')).toBe('138****0000');
    expect(maskMobile('13912345678')).toBe('139****5678');
    expect(maskMobile(null)).toBeNull();
  });
  it('hides the birth date and sequence of an ID number', () => {
    expect(maskIdNumber('110101199001011234')).toBe('110***********1234');
    expect(maskIdNumber('11010119900101123X')).toBe('110***********123X');
    expect(maskIdNumber('1234')).toBe('1***');
  });
});

import { describe, expect, it } from 'vitest';
import { statusOf } from './cert.service.js';
import { addMonths } from './cert-issue.service.js';

describe('certificate validity', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('is valid without an end, expired after it, revoked whatever the dates', () => {
    expect(statusOf({ revokedAt: null, validUntil: null }, now)).toBe('valid');
    expect(statusOf({ revokedAt: null, validUntil: new Date('2026-06-01T00:00:01Z') }, now)).toBe('valid');
    expect(statusOf({ revokedAt: null, validUntil: new Date('2026-05-31T23:59:59Z') }, now)).toBe('expired');
    expect(statusOf({ revokedAt: now, validUntil: null }, now)).toBe('revoked');
  });
  it('ends whole calendar months later', () => {
    expect(addMonths(new Date('2026-01-15T08:00:00Z'), 24).toISOString()).toBe('2028-01-15T08:00:00.000Z');
  });
});

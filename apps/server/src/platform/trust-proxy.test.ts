import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.js';

describe('TRUST_PROXY', () => {
  it('trusts nobody by default and never any sender', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('reads 1/true as the local proxy only', () => {
    expect(parseTrustProxy('1')).toEqual(['127.0.0.1', '::1']);
    expect(parseTrustProxy('true')).toEqual(['127.0.0.1', '::1']);
  });

  it('takes a list of addresses and CIDRs', () => {
    expect(parseTrustProxy(' 10.0.0.5, 192.168.0.0/16 ,')).toEqual(['10.0.0.5', '192.168.0.0/16']);
  });
});

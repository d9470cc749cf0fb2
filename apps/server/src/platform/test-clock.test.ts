import { describe, expect, it } from 'vitest';
import { testClockFromEnv } from './test-clock.js';

describe('test clock', () => {
  it('exists only with NODE_ENV=test and EXAM_TEST_CLOCK=1', () => {
    expect(testClockFromEnv({ NODE_ENV: 'production', EXAM_TEST_CLOCK: '1' })).toBeNull();
    expect(testClockFromEnv({ NODE_ENV: 'test' })).toBeNull();
    expect(testClockFromEnv({ NODE_ENV: 'test', EXAM_TEST_CLOCK: '1' })).not.toBeNull();
  });
  it('starts at real time', () => {
    const c = testClockFromEnv({ NODE_ENV: 'test', EXAM_TEST_CLOCK: '1' });
    expect(Math.abs((c?.clock().getTime() ?? 0) - Date.now())).toBeLessThan(1000);
  });
});

import { describe, expect, it } from 'vitest';
import { rangeBytes } from './course-content.js';

describe('bytes a content request is served', () => {
  it('counts the satisfiable ranges, the whole file without a Range header', () => {
    expect(rangeBytes(undefined, 1000)).toBe(1000);
    expect(rangeBytes('bytes=0-99', 1000)).toBe(100);
    expect(rangeBytes('bytes=900-', 1000)).toBe(100);
    expect(rangeBytes('bytes=-50', 1000)).toBe(50);
    expect(rangeBytes('bytes=0-9, 20-29', 1000)).toBe(20);
    expect(rangeBytes('bytes=990-2000', 1000)).toBe(10);
    expect(rangeBytes('bytes=2000-3000', 1000)).toBe(0);
    expect(rangeBytes('bytes=x-y', 1000)).toBe(0);
  });
});

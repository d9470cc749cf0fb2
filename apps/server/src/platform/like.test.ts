import { describe, expect, it } from 'vitest';
import { containing, escapeLike } from './like.js';

describe('LIKE patterns from user input', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
  it('finds the text anywhere, plain text unchanged', () => {
    expect(containing('考试')).toBe('%考试%');
    expect(containing('_')).toBe('%\\_%');
  });
});

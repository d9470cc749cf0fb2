import { describe, expect, it } from 'vitest';
import { suggestionTaken } from './mark-suggestion.js';

describe('whether a marker took the keyword suggestion', () => {
  it('counts a claim only when the score saved is the suggestion', () => {
    expect(suggestionTaken(true, 15, 15)).toBe(true);
    expect(suggestionTaken(true, 5.833, 5.83)).toBe(true);
    expect(suggestionTaken(true, 12, 15)).toBe(false);
    expect(suggestionTaken(true, 0, null)).toBe(false);
  });
  it('a score typed to the same value is the marker’s own', () => {
    expect(suggestionTaken(false, 15, 15)).toBe(false);
    expect(suggestionTaken(undefined, 15, 15)).toBe(false);
  });
});

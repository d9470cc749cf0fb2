/**
 * The keyword suggestion is shown beside an empty score, never pre-filled: a marker reads the
 * answer and either types a score or takes the suggestion with one click. Which one is stored with
 * the mark. A claim to have taken it counts only when the score saved is the suggestion itself
 * (a taken and then changed score was scored by the marker).
 */
import { round2 } from '../paper/scoring.js';

export function suggestionTaken(claimed: boolean | undefined, score: number, suggest: number | null): boolean {
  return claimed === true && suggest !== null && round2(score) === round2(suggest);
}

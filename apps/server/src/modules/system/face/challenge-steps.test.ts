/** The drawn steps of a challenge and the deployment's list of actions (FACE_CHALLENGE_ACTIONS). */
import { ChallengeAction } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { parseChallengeActions } from '../../../platform/config.js';
import { drawSteps } from './challenge.service.js';

describe('challenge steps', () => {
  it('draws 2 or 3 distinct actions from the list, in varying orders', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const steps = drawSteps(ChallengeAction);
      expect(steps.length).toBeGreaterThanOrEqual(2);
      expect(steps.length).toBeLessThanOrEqual(3);
      expect(new Set(steps).size).toBe(steps.length);
      seen.add(steps.join());
    }
    // five actions give 80 orders of two or three: two hundred draws see many of them
    expect(seen.size).toBeGreaterThan(30);
  });

  it('repeats the actions when the list is shorter than the steps', () => {
    expect(new Set(drawSteps(['turn-left']))).toEqual(new Set(['turn-left']));
    const two = drawSteps(['blink', 'nod']);
    expect(new Set(two.slice(0, 2)).size).toBe(2);
  });

  it('reads FACE_CHALLENGE_ACTIONS: all by default, a list, and refuses an unknown name', () => {
    expect(parseChallengeActions(undefined)).toEqual([...ChallengeAction]);
    expect(parseChallengeActions(' ')).toEqual([...ChallengeAction]);
    expect(parseChallengeActions('turn-left, blink,turn-left')).toEqual(['turn-left', 'blink']);
    expect(() => parseChallengeActions('turn-left,smile')).toThrow(/unknown action smile/);
  });
});

import { describe, expect, it } from 'vitest';
import { addedMinutes, unseen } from './useInvigilation';

describe('the room side of 监考', () => {
  it('shows each invigilator message once', () => {
    const m = (id: string) => ({ id, content: id, toAll: true, createdAt: '2026-11-24T02:00:00.000Z' });
    const shown = new Set(['a']);
    expect(unseen([m('a'), m('b'), m('c')], shown).map((x) => x.id)).toEqual(['b', 'c']);
  });

  it('tells the learner how many minutes were added, only when the deadline moved later', () => {
    expect(addedMinutes(null, '2026-11-24T02:30:00.000Z')).toBe(0);
    expect(addedMinutes('2026-11-24T02:30:00.000Z', '2026-11-24T02:35:00.000Z')).toBe(5);
    expect(addedMinutes('2026-11-24T02:30:00.000Z', '2026-11-24T02:30:00.000Z')).toBe(0);
    expect(addedMinutes('2026-11-24T02:30:00.000Z', '2026-11-24T02:29:00.000Z')).toBe(0);
  });
});

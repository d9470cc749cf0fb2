/** The kinds' exam settings (el_exam.kind_settings): defaults, validation per kind, what changed. */
import { changedKindSettings, kindSettingsOf, ZKindSettingsSchema } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { markQuestion } from '../../paper/scoring.js';

describe('kind settings', () => {
  it('fills every kind default; keeps a kind that has a value', () => {
    expect(kindSettingsOf({})).toEqual({ 2: { policy: 0 }, 7: { policy: 0 } });
    expect(kindSettingsOf({ 7: { policy: 1 } })).toEqual({ 2: { policy: 0 }, 7: { policy: 1 } });
  });

  it("refuses a value outside the kind's schema, naming the setting", () => {
    const bad = ZKindSettingsSchema.safeParse({ 2: { policy: 3 } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['2', 'policy']);
  });

  it('names the kinds whose settings changed', () => {
    expect(changedKindSettings({}, { 2: { policy: 0 } })).toEqual([]);
    expect(changedKindSettings({ 2: { policy: 1 } }, { 2: { policy: 1 }, 7: { policy: 1 } })).toEqual([
      '排序题计分方式',
    ]);
  });

  it('each kind marks with its own entry: 多选题 half credit, 排序题 adjacent pairs', () => {
    const opts = ['A', 'B', 'C'].map((key) => ({ key, content: key, isRight: key !== 'C' }));
    const multi = { type: 2, score: 4, options: opts, refAnswer: {} };
    const order = { type: 7, score: 4, options: [], refAnswer: { order: ['x', 'y', 'z'] } };
    const both = kindSettingsOf({ 2: { policy: 1 }, 7: { policy: 1 } });
    expect(markQuestion(multi, ['A'], both).score).toBe(2);
    expect(markQuestion(multi, ['A'], kindSettingsOf({ 7: { policy: 1 } })).score).toBe(0);
    expect(markQuestion(order, ['y', 'z', 'x'], both).score).toBe(2);
    expect(markQuestion(order, ['y', 'z', 'x'], kindSettingsOf({ 2: { policy: 1 } })).score).toBe(0);
  });
});

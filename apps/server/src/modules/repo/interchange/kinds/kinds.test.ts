import { QuestionType } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { findKind, isComposite } from '../../kinds/registry.js';
import { writeGift } from '../formats/gift.js';
import { writeMoodleXml } from '../formats/moodle-xml.js';
import { writeQtiItem } from '../formats/qti.js';
import { interQuestion } from '../model.js';
import { formatsOf, UNKNOWN_KIND } from './index.js';

const TYPES: number[] = Object.values(QuestionType);

describe("the kinds' format pieces", () => {
  it('every question kind has its pieces for every format', () => {
    expect(TYPES.filter((type) => findKind(type) && formatsOf(type)?.type !== type)).toEqual([]);
  });

  it('only a composite goes without our layout, and only single choice into Aiken', () => {
    expect(TYPES.filter((type) => !formatsOf(type)?.layout).every(isComposite)).toBe(true);
    expect(TYPES.filter((type) => formatsOf(type)?.aiken)).toEqual([QuestionType.SINGLE]);
  });

  it('a type no kind knows has no pieces (every writer names it 不支持的题型)', () => {
    expect(formatsOf(42)).toBeUndefined();
    const q = interQuestion(42, '<p>题</p>');
    expect(writeGift([q]).skipped.map((s) => s.reason)).toEqual([UNKNOWN_KIND]);
    expect(writeMoodleXml([q]).skipped.map((s) => s.reason)).toEqual([UNKNOWN_KIND]);
    expect(writeQtiItem(q, 'i1').skip).toBe(UNKNOWN_KIND);
    expect(UNKNOWN_KIND).toBe('不支持的题型');
  });
});

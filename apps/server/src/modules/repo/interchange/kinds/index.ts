/** Every kind's format pieces, by type: where a kind is added, its line goes here. */
import { compositeFormats } from './composite.js';
import { fillBlankFormats } from './fill-blank.js';
import { judgeFormats } from './judge.js';
import { matchingFormats } from './matching.js';
import { multipleFormats } from './multiple.js';
import { orderingFormats } from './ordering.js';
import { shortAnswerFormats } from './short-answer.js';
import { singleFormats } from './single.js';
import type { KindFormats } from './types.js';

const byType = new Map<number, KindFormats>(
  [
    singleFormats,
    multipleFormats,
    judgeFormats,
    shortAnswerFormats,
    fillBlankFormats,
    matchingFormats,
    orderingFormats,
    compositeFormats,
  ].map((k) => [k.type, k]),
);

/** The format pieces of a type; none for a type no kind knows (a file's unknown 题型). */
export const formatsOf = (type: number): KindFormats | undefined => byType.get(type);

/** Why no format can write a type no kind knows (never stored: the save refuses it). */
export const UNKNOWN_KIND = '不支持的题型';

export type { GiftSyntax, KindFormats, LayoutCells, MoodleSyntax, QtiSyntax } from './types.js';

/**
 * The registry of question kinds (题型): one line per kind. Callers ask it instead of testing a
 * type number; adding a kind is a folder beside this file and one line here (apps/server/src/modules/repo/README.md, "How to add a kind").
 */
import { composite } from './composite/index.js';
import { fillBlank } from './fill-blank/index.js';
import { judge } from './judge/index.js';
import { matching } from './matching/index.js';
import { multiple } from './multiple/index.js';
import { ordering } from './ordering/index.js';
import { shortAnswer } from './short-answer/index.js';
import { single } from './single/index.js';
import type { QuKind } from './types.js';

const KINDS: QuKind[] = [single, multiple, judge, shortAnswer, fillBlank, matching, ordering, composite];

const byType = new Map(KINDS.map((k) => [k.type, k]));

/** The kind of a type, or undefined for a type no kind handles. */
export const findKind = (type: number): QuKind | undefined => byType.get(type);

/** The kind of a stored type; an unknown one (never stored: the save refuses it) throws. */
export function kindOf(type: number): QuKind {
  const kind = byType.get(type);
  if (!kind) throw new Error(`unknown question type ${type}`);
  return kind;
}

export const isComposite = (type: number): boolean => byType.get(type)?.composite === true;
/** Marked by a person (short answer). */
export const isManual = (type: number): boolean => byType.get(type)?.manual === true;
/** Marked without a person (a composite: see its children). */
export const isObjective = (type: number): boolean => {
  const k = byType.get(type);
  return Boolean(k && !k.manual && !k.composite);
};
/** The types of the composite kind and of the manual kinds, for SQL filters. */
export const COMPOSITE_TYPES = KINDS.filter((k) => k.composite).map((k) => k.type);
export const MANUAL_TYPES = KINDS.filter((k) => k.manual).map((k) => k.type);

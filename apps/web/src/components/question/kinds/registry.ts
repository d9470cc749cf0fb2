/**
 * The registry of question kinds (题型) in the web app: one line per kind. Adding a kind is a
 * folder beside this file and one line here (apps/server/src/modules/repo/README.md, "How to add a kind").
 */
import { composite } from './composite';
import { fillBlank } from './fill-blank';
import { judge } from './judge';
import { matching } from './matching';
import { multiple } from './multiple';
import { ordering } from './ordering';
import { shortAnswer } from './short-answer';
import { single } from './single';
import type { WebKind } from './types';

export const WEB_KINDS: WebKind[] = [single, multiple, judge, shortAnswer, fillBlank, matching, ordering, composite];

const byType = new Map(WEB_KINDS.map((k) => [k.type, k]));

/** The kind of a type; undefined for a type the app does not know. */
export const kindOf = (type: number): WebKind | undefined => byType.get(type);
export const isComposite = (type: number): boolean => byType.get(type)?.composite === true;
export const isManual = (type: number): boolean => byType.get(type)?.manual === true;

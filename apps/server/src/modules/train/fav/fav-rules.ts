/**
 * Rules of favourites and notes, without the database: what a note is stored as,
 * and whether a (learner, question) row still holds anything.
 */
import { NOTE_MAX_LENGTH } from '@exam/contracts';
import { badParams } from '../../../platform/errors.js';
import { containing } from '../../../platform/like.js';

/** Control characters other than tab and line feed: invisible, and a source of confusing copies. */
const isControl = (ch: string): boolean => {
  const c = ch.charCodeAt(0);
  return (c < 0x20 && ch !== '\t' && ch !== '\n') || c === 0x7f;
};
// Anything shaped like an HTML tag or comment: a note is plain text, shown as text, never as HTML.
const TAG = /<!--[\s\S]*?-->|<\/?[A-Za-z][^<>]*>/g;

/**
 * The note as stored: line breaks normalised, control characters and HTML tags removed, trimmed.
 * Refuses (10010001) an empty note and one longer than NOTE_MAX_LENGTH characters (code points,
 * so an emoji counts once, as the learner sees it).
 */
export function cleanNote(raw: string): string {
  const text = raw
    .replace(/\r\n?/g, '\n')
    .split('')
    .filter((ch) => !isControl(ch))
    .join('')
    .replace(TAG, '')
    .trim();
  if (!text) throw badParams('笔记内容不能为空');
  if ([...text].length > NOTE_MAX_LENGTH) throw badParams(`笔记不能超过 ${NOTE_MAX_LENGTH} 个字`);
  return text;
}

/** Whether a row is still worth keeping: a favourite or a note left. */
export const holdsSomething = (row: { fav: boolean; note: string | null }): boolean => row.fav || row.note !== null;

/** The LIKE pattern of a search word, its wildcards taken literally; null for no search. */
export function searchPattern(keyword: string | null | undefined): string | null {
  const word = keyword?.trim();
  return word ? containing(word) : null;
}

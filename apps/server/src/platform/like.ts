/**
 * LIKE / ILIKE patterns from what a user typed. PostgreSQL's LIKE escape character is the
 * backslash, so `%`, `_` and `\` in a search box must be escaped to match themselves: a search for
 * "100%" or "_" finds those characters, not every row.
 */

/** `value` with the LIKE wildcards and the escape character escaped. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern finding `text` anywhere in a column. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;

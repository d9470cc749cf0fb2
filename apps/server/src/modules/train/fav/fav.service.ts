/**
 * Favourites (收藏) and notes (笔记) of questions: one `el_user_fav_note` row per
 * (learner, question), written by atomic upserts so a double click or two tabs give one row.
 * Every query is bound to the caller's user id: one learner never reads or changes another's.
 * Lists show the stem only and skip deleted questions; the view of one question asks the
 * question reader's `learnerQuestion` (repo/question-reader.ts), which applies the sitting guard, so a
 * question of the learner's open paper comes back without answer or analysis.
 */
import type { TFavRecord, TFavState } from '@exam/contracts';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { elQu, elUserFavNote } from '../../../db/schema/index.js';
import type { Db, Executor } from '../../../platform/db.js';
import { notFound } from '../../../platform/errors.js';
import { type PageWindow, paginate } from '../../../platform/paging.js';
import { learnerQuestion } from '../../repo/question-reader.js';
import { cleanNote, searchPattern } from './fav-rules.js';

type Row = typeof elUserFavNote.$inferSelect;
const mine = (userId: string, quId: string) => and(eq(elUserFavNote.userId, userId), eq(elUserFavNote.quId, quId));

const stateOf = (quId: string, row: Row | undefined): TFavState => ({
  quId,
  fav: row?.fav ?? false,
  favAt: row?.favAt?.toISOString() ?? null,
  note: row?.note ?? null,
  noteAt: row?.noteAt?.toISOString() ?? null,
});

async function readState(db: Executor, userId: string, quId: string): Promise<TFavState> {
  const [row] = await db.select().from(elUserFavNote).where(mine(userId, quId));
  return stateOf(quId, row);
}

/** Refuses (10010003) a question that does not exist or was deleted: nothing is written for it. */
async function assertLiveQuestion(db: Executor, quId: string): Promise<void> {
  const [q] = await db
    .select({ id: elQu.id })
    .from(elQu)
    .where(and(eq(elQu.id, quId), isNull(elQu.deletedAt)));
  if (!q) throw notFound('试题');
}

/** Drops the row once it holds neither a favourite nor a note (one statement, so never a half state). */
const dropEmpty = (db: Executor, userId: string, quId: string) =>
  db.delete(elUserFavNote).where(and(mine(userId, quId), eq(elUserFavNote.fav, false), isNull(elUserFavNote.note)));

/** The caller's favourite and note of one question (defaults when none). */
export const favDetail = (db: Db, userId: string, quId: string) => readState(db, userId, quId);

/** The caller's states of several questions (one screen), in the order asked; defaults where none. */
export async function favStates(db: Db, userId: string, quIds: string[]): Promise<TFavState[]> {
  if (quIds.length === 0) return [];
  const rows = await db
    .select()
    .from(elUserFavNote)
    .where(and(eq(elUserFavNote.userId, userId), inArray(elUserFavNote.quId, quIds)));
  const byQu = new Map(rows.map((r) => [r.quId, r]));
  return quIds.map((quId) => stateOf(quId, byQu.get(quId)));
}

/**
 * Favourites (`fav` true) or un-favourites a question. Both are idempotent: a second favourite
 * keeps the first time, un-favouriting what is not a favourite changes nothing.
 */
export async function saveFav(db: Db, userId: string, quId: string, fav: boolean, now: Date): Promise<TFavState> {
  if (!fav) {
    return db.transaction(async (tx) => {
      await tx.update(elUserFavNote).set({ fav: false, favAt: null }).where(mine(userId, quId));
      await dropEmpty(tx, userId, quId);
      return readState(tx, userId, quId);
    });
  }
  await assertLiveQuestion(db, quId);
  const [row] = await db
    .insert(elUserFavNote)
    .values({ userId, quId, fav: true, favAt: now })
    .onConflictDoUpdate({
      target: [elUserFavNote.userId, elUserFavNote.quId],
      set: { fav: true, favAt: sql`coalesce(${elUserFavNote.favAt}, excluded.fav_at)` },
    })
    .returning();
  return stateOf(quId, row);
}

/** Writes the caller's note of a question (plain text, fav-rules.ts cleanNote), replacing the last one. */
export async function saveNote(db: Db, userId: string, quId: string, raw: string, now: Date): Promise<TFavState> {
  const note = cleanNote(raw);
  await assertLiveQuestion(db, quId);
  const [row] = await db
    .insert(elUserFavNote)
    .values({ userId, quId, note, noteAt: now })
    .onConflictDoUpdate({ target: [elUserFavNote.userId, elUserFavNote.quId], set: { note, noteAt: now } })
    .returning();
  return stateOf(quId, row);
}

/** Deletes the caller's note of a question (the favourite stays); idempotent. */
export async function deleteNote(db: Db, userId: string, quId: string): Promise<TFavState> {
  return db.transaction(async (tx) => {
    await tx.update(elUserFavNote).set({ note: null, noteAt: null }).where(mine(userId, quId));
    await dropEmpty(tx, userId, quId);
    return readState(tx, userId, quId);
  });
}

export type FavList = 'fav' | 'note';

/**
 * 我的收藏 (`fav`) or 我的笔记 (`note`) of the caller, newest first, searchable in the stem and
 * the note; questions deleted since are left out (their rows stay, harmless, until un-marked).
 */
export async function favPaging(
  db: Db,
  userId: string,
  list: FavList,
  keyword: string | null | undefined,
  window: PageWindow,
) {
  const pattern = searchPattern(keyword);
  const where: SQL | undefined = and(
    eq(elUserFavNote.userId, userId),
    list === 'fav' ? eq(elUserFavNote.fav, true) : isNotNull(elUserFavNote.note),
    isNull(elQu.deletedAt),
    pattern ? or(ilike(elQu.content, pattern), ilike(elUserFavNote.note, pattern)) : undefined,
  );
  const at = list === 'fav' ? elUserFavNote.favAt : elUserFavNote.noteAt;
  return paginate(
    window,
    db.select({ n: count() }).from(elUserFavNote).innerJoin(elQu, eq(elQu.id, elUserFavNote.quId)).where(where),
    db
      .select({ row: elUserFavNote, type: elQu.type, content: elQu.content })
      .from(elUserFavNote)
      .innerJoin(elQu, eq(elQu.id, elUserFavNote.quId))
      .where(where)
      .orderBy(desc(at), desc(elUserFavNote.id))
      .$dynamic(),
    ({ row, type, content }): TFavRecord => ({ ...stateOf(row.quId, row), type, content }),
  );
}

/**
 * One of the caller's favourite or noted questions, opened from the lists: the question with its
 * answer and analysis only where the question reader allows (never while it is locked).
 */
export async function favView(db: Db, userId: string, quId: string) {
  const state = await readState(db, userId, quId);
  if (!state.fav && state.note === null) throw notFound('收藏或笔记');
  const { question, answerVisible } = await learnerQuestion(db, userId, quId);
  return { state, question, answerVisible };
}

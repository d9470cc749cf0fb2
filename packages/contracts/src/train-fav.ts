/**
 * Favourites (收藏) and personal notes (笔记) on questions: /api/train/fav/* and
 * /api/train/note/*. One learner's own marks; the lists show the stem only, and the view of one
 * question carries its answer and analysis only where the learner may see them (never while the
 * question is in the learner's open paper).
 */
import { z } from 'zod';
import { ZQuViewSchema } from './repo/qu.js';

/** Longest note, in characters after cleaning (train/fav/fav-rules.ts). */
export const NOTE_MAX_LENGTH = 2000;

export const ZFavQuIdSchema = z.object({ quId: z.string().min(1).describe('题目ID') });

/** The question ids of one screen (a reviewed paper), for their states in one call. */
export const ZFavStateListSchema = z.object({
  quIds: z.array(z.string().min(1)).max(500).describe('题目ID列表'),
});

export const ZFavSaveSchema = z.object({
  quId: z.string().min(1).describe('题目ID'),
  fav: z.boolean().describe('是否收藏'),
});
export type TFavSave = z.infer<typeof ZFavSaveSchema>;

export const ZNoteSaveSchema = z.object({
  quId: z.string().min(1).describe('题目ID'),
  note: z.string().max(NOTE_MAX_LENGTH, `笔记不能超过 ${NOTE_MAX_LENGTH} 个字`).describe('笔记'),
});
export type TNoteSave = z.infer<typeof ZNoteSaveSchema>;

/** The learner's favourite and note of one question (no question data). */
export const ZFavStateSchema = z.object({
  quId: z.string().describe('题目ID'),
  fav: z.boolean().describe('是否已收藏'),
  favAt: z.string().nullable().describe('收藏时间'),
  note: z.string().nullable().describe('笔记'),
  noteAt: z.string().nullable().describe('笔记时间'),
});
export type TFavState = z.infer<typeof ZFavStateSchema>;

export const ZFavPagingParamsSchema = z.object({
  keyword: z.string().trim().max(100).nullish().describe('搜索（题干或笔记）'),
});

/** A row of 我的收藏 / 我的笔记: the stem, never the key. */
export const ZFavRecordSchema = ZFavStateSchema.extend({
  type: z.number().describe('题型'),
  content: z.string().describe('题干'),
});
export type TFavRecord = z.infer<typeof ZFavRecordSchema>;

/** One favourite or noted question opened from the lists. */
export const ZFavViewSchema = z.object({
  state: ZFavStateSchema,
  question: ZQuViewSchema.describe('题目（可查看时含答案与解析）'),
  answerVisible: z.boolean().describe('是否含答案与解析'),
});
export type TFavView = z.infer<typeof ZFavViewSchema>;

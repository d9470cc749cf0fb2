/**
 * Questions of the eight types (SPEC 9). The type-specific parts travel in `options` (types 1-3)
 * and `answer` (types 4-6); the server checks them per type (apps/server/src/modules/repo/qu-rules.ts).
 */
import { z } from 'zod';
import { isQuestionType } from '../labels.js';
import { ZFillBlankKeyFields } from './kinds/fill-blank.js';
import { ZMatchingKeyFields } from './kinds/matching.js';
import { ZOrderingKeyFields } from './kinds/ordering.js';
import { ZShortAnswerKeyFields } from './kinds/short-answer.js';
import { zRich } from './rich-field.js';

export const ZQuOptionSchema = z.object({
  key: z.string().trim().max(4).default('').describe('选项标识'),
  content: zRich('选项内容', 20_000).default(''),
  isRight: z.boolean().default(false).describe('是否正确答案'),
});
export type TQuOption = z.infer<typeof ZQuOptionSchema>;

/**
 * The answer part, all fields optional on the wire; the server keeps those of the type:
 * 4 { reference, keywords }; 5 { blanks, caseSensitive, widthSensitive, orderMatters };
 * 6 { left, right, pairs }; 7 { order }: each kind's fields in kinds/<kind>.ts.
 */
export const ZQuAnswerSchema = z.object({
  ...ZShortAnswerKeyFields,
  ...ZFillBlankKeyFields,
  ...ZMatchingKeyFields,
  ...ZOrderingKeyFields,
});
export type TQuAnswer = z.infer<typeof ZQuAnswerSchema>;

const zType = z
  .number()
  .int()
  .refine((v): boolean => isQuestionType(v), '题型不正确')
  .describe('题型');

const baseFields = {
  id: z.string().nullish().describe('试题ID'),
  type: zType,
  level: z
    .union([z.literal(1), z.literal(2)])
    .default(1)
    .describe('难度'),
  content: zRich('题目内容'),
  analysis: zRich('解析', 20_000).nullish(),
  options: z.array(ZQuOptionSchema).max(8, '选项最多8个（A-H）').default([]).describe('选项'),
  answer: ZQuAnswerSchema.default({}).describe('答案'),
};

export const ZQuChildSaveSchema = z.object(baseFields);
export type TQuChildSave = z.infer<typeof ZQuChildSaveSchema>;

export const ZQuSaveSchema = z.object({
  ...baseFields,
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(200)
        .refine((p) => p.split('/').every((t) => t.trim().length <= 30), '知识点名称不能超过30个字'),
    )
    .max(20)
    .default([])
    .describe('知识点（路径，如 安全/消防；不存在的知识点会新建）'),
  repoIds: z.array(z.string().min(1)).min(1, '请至少选择一个题库').max(20).describe('所属题库'),
  children: z.array(ZQuChildSaveSchema).max(50).default([]).describe('子题'),
});
export type TQuSave = z.infer<typeof ZQuSaveSchema>;

export const ZQuPagingParamsSchema = z.object({
  repoId: z.string().nullish().describe('题库'),
  type: z.number().int().nullish().describe('题型'),
  level: z.number().int().nullish().describe('难度'),
  tag: z.string().trim().max(200).nullish().describe('知识点路径（含下级）'),
  kpId: z.string().nullish().describe('知识点（含下级）'),
  keyword: z.string().trim().max(100).nullish().describe('关键字'),
});
export type TQuPagingParams = z.infer<typeof ZQuPagingParamsSchema>;

export const ZQuListItemSchema = z.object({
  id: z.string(),
  type: z.number(),
  level: z.number(),
  /** Plain-text summary of the content. */
  summary: z.string(),
  tags: z.array(z.string()),
  repos: z.array(z.object({ id: z.string(), title: z.string() })),
  childCount: z.number(),
  updatedAt: z.date(),
});
export type TQuListItem = z.infer<typeof ZQuListItemSchema>;

const answerOut = z.record(z.string(), z.unknown());

export const ZQuChildDetailSchema = z.object({
  id: z.string(),
  type: z.number(),
  level: z.number(),
  content: z.string(),
  analysis: z.string().nullable(),
  options: z.array(z.object({ key: z.string(), content: z.string(), isRight: z.boolean() })),
  answer: answerOut,
  sort: z.number(),
});

export const ZQuDetailSchema = ZQuChildDetailSchema.extend({
  tags: z.array(z.string()),
  repoIds: z.array(z.string()),
  children: z.array(ZQuChildDetailSchema),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TQuDetail = z.infer<typeof ZQuDetailSchema>;

/** What a learner receives: no right flags, no answer, no analysis (unless allowed). */
export const ZQuViewOptionSchema = z.object({
  key: z.string(),
  content: z.string(),
  isRight: z.boolean().optional(),
});
export interface TQuView {
  id: string;
  type: number;
  level: number;
  content: string;
  options: { key: string; content: string; isRight?: boolean }[];
  /** Matching questions: both sides, without the pairs. */
  matching: { left: { key: string; content: string }[]; right: { key: string; content: string }[] } | null;
  /** Number of blanks of a fill-blank question. */
  blankCount: number;
  children: TQuView[];
  /** Present only when the learner may see answers. */
  answer?: Record<string, unknown>;
  analysis?: string | null;
}
export const ZQuViewSchema: z.ZodType<TQuView> = z.lazy(() =>
  z.object({
    id: z.string(),
    type: z.number(),
    level: z.number(),
    content: z.string(),
    options: z.array(ZQuViewOptionSchema),
    matching: z
      .object({
        left: z.array(z.object({ key: z.string(), content: z.string() })),
        right: z.array(z.object({ key: z.string(), content: z.string() })),
      })
      .nullable(),
    blankCount: z.number(),
    children: z.array(ZQuViewSchema),
    answer: answerOut.optional(),
    analysis: z.string().nullable().optional(),
  }),
);

export const ZQuViewAnswerSchema = z.object({
  question: ZQuViewSchema,
  answerVisible: z.boolean(),
});
export type TQuViewAnswer = z.infer<typeof ZQuViewAnswerSchema>;

export const ZQuBatchSchema = z.object({
  ids: z.array(z.string().min(1)).min(1, '请选择试题').max(1000).describe('试题'),
  fromRepoId: z.string().nullish().describe('原题库'),
  toRepoId: z.string().min(1, '请选择目标题库').describe('目标题库'),
});

/**
 * Questions one import file may hold, in every format (xlsx rows, docx, GIFT, Aiken, Moodle XML,
 * QTI); the server stops reading at the next one, the import dialog states it.
 */
export const MAX_IMPORT_QUESTIONS = 10_000;

/** The file formats of a question export. */
export const QU_EXPORT_FORMATS = ['xlsx', 'docx', 'moodle-xml', 'gift', 'qti'] as const;
export type TQuExportFormat = (typeof QU_EXPORT_FORMATS)[number];
/**
 * Header of an export naming the questions its format cannot carry (each is marked 未导出 in the
 * file): URI-encoded JSON `{ count, items: [{ place, reason }] }` (the first 20).
 */
export const EXPORT_NOTE_HEADER = 'x-export-skipped';
export interface TExportNote {
  count: number;
  items: { place: string; reason: string }[];
}
/** The file formats of a question import; `auto` detects by content. */
export const QU_IMPORT_FORMATS = ['auto', 'xlsx', 'docx', 'moodle-xml', 'gift', 'aiken', 'qti'] as const;
export type TQuImportFormat = (typeof QU_IMPORT_FORMATS)[number];
/** What a category path of the file (Moodle `$course$/A/B`, GIFT `$CATEGORY:`) becomes: a tag (default) or a target bank. */
export const QU_IMPORT_CATEGORY = ['tag', 'bank'] as const;
export type TQuImportCategory = (typeof QU_IMPORT_CATEGORY)[number];

/**
 * How far a long import is, published on the importing user's realtime topic
 * (`user:<id>`) as event QU_IMPORT_PROGRESS_EVENT while the request runs, for the `progressId` the
 * client sent with the file. There is no "done" event: the import's answer says how it ended.
 */
export const QU_IMPORT_PROGRESS_EVENT = 'qu.import.progress';
export const QU_IMPORT_PHASES = ['parse', 'check', 'write'] as const;
export interface TQuImportProgress {
  progressId: string;
  phase: (typeof QU_IMPORT_PHASES)[number];
  /** Questions done of `total` (0 of 0 while parsing). */
  done: number;
  total: number;
}
/** A client's id of one import, echoed in its progress events. */
export const QU_IMPORT_PROGRESS_ID = /^[A-Za-z0-9_-]{1,40}$/;

export const ZQuExportSchema = z.object({
  repoId: z.string().nullish().describe('题库'),
  ids: z.array(z.string()).max(5000).nullish().describe('试题'),
  params: ZQuPagingParamsSchema.nullish().describe('查询条件'),
  format: z.enum(QU_EXPORT_FORMATS).nullish().describe('格式'),
});

/** One problem of an import: row (xlsx) or question number (docx), column and reason. */
export const ZImportIssueSchema = z.object({
  row: z.number().describe('行号'),
  column: z.string().describe('列'),
  reason: z.string().describe('原因'),
  /** The place in the file when it is no row (GIFT line, XML element path, question name). */
  place: z.string().optional().describe('位置'),
});
export type TImportIssue = z.infer<typeof ZImportIssueSchema>;

/** An item of the file that is not imported, or a question flagged, with its place and reason. */
export const ZImportPlaceSchema = z.object({
  place: z.string().describe('位置'),
  reason: z.string().describe('原因'),
});
export type TImportPlace = z.infer<typeof ZImportPlaceSchema>;

export const ZQuImportResultSchema = z.object({
  total: z.number().describe('识别的试题数'),
  imported: z.number().describe('导入的试题数'),
  /** Questions without errors: what 只导入正确的试题 imports. */
  valid: z.number().describe('正确的试题数'),
  /** Top-level questions per type number (a composite counts once, as 99). */
  byType: z.record(z.string(), z.number()).describe('各题型数量'),
  /** Items not taken (descriptions, category markers, kinds that cannot be held), never silently. */
  skipped: z.array(ZImportPlaceSchema).describe('跳过的项'),
  /** Questions equal to one already in the bank (or earlier in the file): imported, flagged. */
  duplicates: z.array(ZImportPlaceSchema).describe('重复的试题'),
  errors: z.array(ZImportIssueSchema),
  /** With category=bank: the bank each category goes to, how many questions, and whether it exists already. */
  banks: z
    .array(z.object({ title: z.string(), count: z.number(), exists: z.boolean() }))
    .optional()
    .describe('按分类导入的目标题库'),
});
export type TQuImportResult = z.infer<typeof ZQuImportResultSchema>;

/**
 * Practice (刷题训练) and spaced review: /api/train/*. Answer shapes per question type are those of
 * paper.ts (ZAnswerValueSchema); a composite question is answered through `childAnswers`.
 * In mock mode (6) nothing about right or wrong is answered before the session is finished.
 */
import { z } from 'zod';
import { ANSWER_LIMITS } from './exam/answer-limits.js';
import { ZAnswerValueSchema } from './exam/paper.js';
import { ZQuViewSchema } from './repo/qu.js';

export { TRAIN_MODE_LABELS, TRAIN_STATE_LABELS, TrainMode, TrainState } from './train-modes.js';

const zMode = z
  .number()
  .int()
  .min(1, '训练模式不正确')
  .max(8, '训练模式不正确')
  .refine((m) => m !== 7, '训练模式不正确')
  .describe('训练模式');

export const ZTrainStartSchema = z.object({
  repoId: z.string().min(1).describe('题库ID'),
  mode: zMode,
  types: z.array(z.number().int()).max(7).nullish().describe('题型'),
  count: z.number().int().min(1).max(500).nullish().describe('题目数量'),
  timeLimit: z.number().int().min(1).max(600).nullish().describe('考试时长（分钟）'),
});
export type TTrainStart = z.infer<typeof ZTrainStartSchema>;

export const ZTrainStartedSchema = z.object({
  trainId: z.string().describe('训练ID'),
  resumed: z.boolean().describe('是否继续上次未完成的训练'),
  finished: z.boolean().describe('训练已结束（模拟考试超时）'),
});
export type TTrainStarted = z.infer<typeof ZTrainStartedSchema>;

export const ZTrainIdSchema = z.object({ trainId: z.string().min(1).describe('训练ID') });

export const ZTrainNextSchema = z.object({
  trainId: z.string().min(1).describe('训练ID'),
  sort: z.number().int().min(0).describe('题目序号'),
});

/** Right or wrong of one answer, with the answer and analysis when they may be shown. */
export const ZTrainFeedbackSchema = z.object({
  isRight: z.boolean().nullable().describe('是否答对（无法判定的简答题为空）'),
  score: z.number().describe('得分率（0-1）'),
  childRight: z.record(z.string(), z.boolean().nullable()).describe('组合题各小题是否答对'),
  /** The question with its answer and analysis, or null when they may not be shown. */
  question: ZQuViewSchema.nullable().describe('含答案与解析的题目'),
  /**
   * Whether the learner may self-mark (自评) its manually marked parts now: answered, the session
   * open, and no other question answered since. A manual part's verdict above is the self-mark.
   */
  selfMarkOpen: z.boolean().describe('是否可以自评（作答后、进入下一题前）'),
});
export type TTrainFeedback = z.infer<typeof ZTrainFeedbackSchema>;

export const ZTrainQuSchema = z.object({
  sort: z.number().describe('题目序号'),
  total: z.number().describe('题目总数'),
  quId: z.string().describe('题目ID'),
  question: ZQuViewSchema.describe('题目（背题模式含答案）'),
  answered: z.boolean().describe('是否已作答'),
  myAnswer: ZAnswerValueSchema.nullable().describe('我的答案'),
  childAnswers: z.record(z.string(), ZAnswerValueSchema).nullable().describe('组合题小题答案'),
  feedback: ZTrainFeedbackSchema.nullable().describe('判题结果'),
});
export type TTrainQu = z.infer<typeof ZTrainQuSchema>;

export const ZTrainFillSchema = z.object({
  trainId: z.string().min(1).describe('训练ID'),
  quId: z.string().min(1).describe('题目ID'),
  answer: ZAnswerValueSchema,
  childAnswers: z
    .record(z.string().max(64), ZAnswerValueSchema)
    .refine((m) => Object.keys(m).length <= ANSWER_LIMITS.children, `小题答案不能超过${ANSWER_LIMITS.children}项`)
    .nullish()
    .describe('组合题小题答案'),
  /** The client's sequence (mock journal); a save not newer than the stored one is refused. Absent: unordered. */
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullish().describe('答案序号（客户端递增）'),
});
export type TTrainFill = z.infer<typeof ZTrainFillSchema>;

/**
 * Answer of a save. Not accepted (a newer answer is stored, or outside mock mode the first answer
 * is kept): `answer`/`childAnswers` carry what the server holds, so the client shows that.
 */
export const ZTrainFillResultSchema = z.object({
  answered: z.number().describe('已答题数'),
  feedback: ZTrainFeedbackSchema.nullable().describe('判题结果（模拟考试为空）'),
  accepted: z.boolean().describe('是否保存（序号不大于已保存序号时不覆盖）'),
  seq: z.number().describe('已保存的序号'),
  answer: ZAnswerValueSchema.nullable().optional().describe('服务器保存的答案（未保存时返回）'),
  childAnswers: z
    .record(z.string(), ZAnswerValueSchema)
    .nullable()
    .optional()
    .describe('服务器保存的小题答案（未保存时返回）'),
});
export type TTrainFillResult = z.infer<typeof ZTrainFillResultSchema>;

/** A self-mark (自评) of a manually marked question, or of one manual child of a composite. */
export const ZTrainSelfMarkSchema = z.object({
  trainId: z.string().min(1).describe('训练ID'),
  quId: z.string().min(1).describe('题目ID'),
  childId: z.string().min(1).max(64).nullish().describe('组合题小题ID'),
  right: z.boolean().describe('自评结果（true 答对，false 答错）'),
});
export type TTrainSelfMark = z.infer<typeof ZTrainSelfMarkSchema>;

/**
 * The question's verdicts after the self-mark, with the session's new figures. No question view:
 * the learner has it from the answer's feedback, so the call shows no question data.
 */
export const ZTrainSelfMarkResultSchema = ZTrainFeedbackSchema.omit({ question: true }).extend({
  answered: z.number().describe('已答题数'),
  rightCount: z.number().describe('答对题数'),
  wrongCount: z.number().describe('答错题数'),
  accuracy: z.number().describe('正确率（%）'),
});
export type TTrainSelfMarkResult = z.infer<typeof ZTrainSelfMarkResultSchema>;

export const ZTrainCardItemSchema = z.object({
  sort: z.number(),
  quId: z.string(),
  type: z.number(),
  answered: z.boolean(),
  /** Hidden (null) in an unfinished mock session. */
  isRight: z.boolean().nullable(),
});

export const ZTrainRecordSchema = z.object({
  id: z.string().describe('训练ID'),
  repoId: z.string().nullable().describe('题库ID'),
  repoTitle: z.string().nullable().describe('题库名称'),
  mode: z.number().describe('训练模式'),
  types: z.array(z.number()).describe('题型'),
  total: z.number().describe('题目总数'),
  answered: z.number().describe('已答题数'),
  rightCount: z.number().describe('答对题数'),
  wrongCount: z.number().describe('答错题数'),
  accuracy: z.number().describe('正确率（%）'),
  score: z.number().nullable().describe('模拟考试得分'),
  /**
   * The session holds a question of the learner's open exam paper: its score and counts are
   * withheld (null and 0) until that paper is handed in, never shown as a score of 0.
   */
  held: z.boolean().describe('结果暂不显示（含考试中的题目）'),
  timeLimit: z.number().describe('时长（分钟）'),
  deadline: z.string().nullable().describe('截止时间'),
  usedSeconds: z.number().describe('用时（秒）'),
  state: z.number().describe('状态'),
  startedAt: z.string().describe('开始时间'),
  finishedAt: z.string().nullable().describe('结束时间'),
});
export type TTrainRecord = z.infer<typeof ZTrainRecordSchema>;

export const ZTrainDetailSchema = ZTrainRecordSchema.extend({
  /** First unanswered position: where the screen resumes. */
  current: z.number().describe('当前题目序号'),
  serverTime: z.string().describe('服务器时间'),
  card: z.array(ZTrainCardItemSchema).describe('答题卡'),
  /** Highest answer sequence stored: the mock journal numbers its next answers above it. */
  seq: z.number().describe('已保存的最大答案序号'),
});
export type TTrainDetail = z.infer<typeof ZTrainDetailSchema>;

export const ZTrainPagingParamsSchema = z.object({
  repoId: z.string().nullish().describe('题库ID'),
  mode: z.number().int().nullish().describe('训练模式'),
});

export const ZTrainClearSchema = z.object({
  repoId: z.string().min(1).describe('题库ID'),
  mode: zMode,
});

/** A bank open to practice, with my progress. */
export const ZTrainRepoSchema = z.object({
  id: z.string().describe('题库ID'),
  title: z.string().describe('题库名称'),
  categoryTitle: z.string().nullable().describe('分类'),
  remark: z.string().nullable().describe('备注'),
  quCount: z.number().describe('试题数量'),
  byType: z.record(z.string(), z.number()).describe('按题型统计'),
  doneCount: z.number().describe('已练习题数（去重）'),
  progress: z.number().describe('练习进度（%）'),
  answered: z.number().describe('累计答题数'),
  rightCount: z.number().describe('累计答对数'),
  accuracy: z.number().describe('正确率（%）'),
  sessions: z.number().describe('训练次数'),
  wrongInBook: z.number().describe('错题本中的题数'),
  lastTrainAt: z.string().nullable().describe('最近训练时间'),
});
export type TTrainRepo = z.infer<typeof ZTrainRepoSchema>;

export const ZTrainRepoDetailSchema = ZTrainRepoSchema.extend({
  /** Open sessions per mode ("继续练习"). */
  openModes: z.array(z.number()).describe('未完成的训练模式'),
});
export type TTrainRepoDetail = z.infer<typeof ZTrainRepoDetailSchema>;

export const ZReviewStatSchema = z.object({
  due: z.number().describe('今日待复习题数'),
  inBook: z.number().describe('错题本题数'),
  nextDueAt: z.string().nullable().describe('最近的复习时间'),
  openTrainId: z.string().nullable().describe('未完成的复习训练'),
});
export type TReviewStat = z.infer<typeof ZReviewStatSchema>;

export const ZReviewStartSchema = z.object({
  count: z.number().int().min(1).max(500).nullish().describe('题目数量'),
});

export const ZTrainStatParamsSchema = z.object({
  repoId: z.string().nullish().describe('题库ID'),
  keyword: z.string().trim().max(100).nullish().describe('关键字'),
});

export const ZTrainStatRepoSchema = z.object({
  repoId: z.string().describe('题库ID'),
  title: z.string().describe('题库名称'),
  sessions: z.number().describe('训练次数'),
  learners: z.number().describe('练习人数'),
  answered: z.number().describe('答题数'),
  rightCount: z.number().describe('答对数'),
  accuracy: z.number().describe('正确率（%）'),
  lastAt: z.string().nullable().describe('最近训练时间'),
});
export type TTrainStatRepo = z.infer<typeof ZTrainStatRepoSchema>;

export const ZTrainStatUserSchema = z.object({
  userId: z.string().describe('用户ID'),
  userName: z.string().describe('用户名'),
  realName: z.string().nullable().describe('姓名'),
  deptName: z.string().nullable().describe('部门'),
  sessions: z.number().describe('训练次数'),
  answered: z.number().describe('答题数'),
  rightCount: z.number().describe('答对数'),
  accuracy: z.number().describe('正确率（%）'),
  lastAt: z.string().nullable().describe('最近训练时间'),
});
export type TTrainStatUser = z.infer<typeof ZTrainStatUserSchema>;

export const ZTrainStatExportSchema = z.object({
  params: ZTrainStatParamsSchema.default({}).describe('查询条件'),
});

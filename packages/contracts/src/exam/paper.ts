/**
 * Sitting an exam: /api/paper/paper/*. Answer shapes by question type (field `answer`):
 * 1 single / 3 judge: the option key ('A'); 2 multiple: keys (['A','C']); 4 short answer: text;
 * 5 fill blank: one text per blank (['北京', '上海']); 6 matching: { leftKey: rightKey };
 * 99 composite: not answered itself, its children are (rows with parentQuId).
 * Nothing a learner receives while a paper is open holds right flags, reference answers or analysis.
 */
import { z } from 'zod';
import { ANSWER_LIMITS } from './answer-limits.js';

const L = ANSWER_LIMITS;
/** One answer; each shape bounded by the limits of the types using it (answer-limits.ts). */
export const ZAnswerValueSchema = z
  .union([
    // a choice key (1, 3) or a short answer (4)
    z.string().max(L.shortAnswerChars, `答案不能超过${L.shortAnswerChars}个字符`),
    // keys (2) or blanks (5)
    z
      .array(z.string().max(L.blankChars, `每空答案不能超过${L.blankChars}个字符`))
      .max(L.blanks, `答案不能超过${L.blanks}项`),
    // matching pairs (6)
    z
      .record(z.string().max(L.pairKeyChars), z.string().max(L.pairKeyChars))
      .refine((m) => Object.keys(m).length <= L.pairs, `答案不能超过${L.pairs}组`),
    z.null(),
  ])
  .describe('答案');
export type TAnswerValue = z.infer<typeof ZAnswerValueSchema>;

export const ZPaperCreateSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  password: z.string().max(100).nullish().describe('考试密码'),
  /**
   * The client's declaration that this device has no Fullscreen API (false). A full-screen exam
   * refusing focus mode refuses such a device; absent (API clients) is not checked.
   */
  canFullScreen: z.boolean().nullish().describe('设备是否支持全屏'),
});

/**
 * Answer of create, and data of error 20010002 (another exam's open paper, resumed false).
 */
export const ZPaperCreatedSchema = z.object({
  paperId: z.string().describe('试卷ID'),
  examId: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  resumed: z.boolean().describe('是否为继续未完成的考试'),
});
export type TPaperCreated = z.infer<typeof ZPaperCreatedSchema>;
/** The learner's open paper. */
export const ZOpenPaperRefSchema = ZPaperCreatedSchema.omit({ resumed: true });
export type TOpenPaperRef = z.infer<typeof ZOpenPaperRefSchema>;

/** A question as the learner sees it during the exam: no right flags, no reference, no analysis. */
export const ZPaperQuViewSchema = z.object({
  quId: z.string().describe('题目ID'),
  parentQuId: z.string().nullable().describe('所属组合题ID'),
  sort: z.number().describe('序号'),
  sectionIdx: z.number().describe('大题序号'),
  sectionTitle: z.string().describe('大题标题'),
  type: z.number().describe('题型'),
  score: z.number().describe('分值'),
  content: z.string().describe('题干'),
  options: z
    .array(z.object({ key: z.string().describe('选项标识'), content: z.string().describe('选项内容') }))
    .describe('选项（按显示顺序）'),
  matching: z
    .object({
      left: z.array(z.object({ key: z.string(), content: z.string() })).describe('左列'),
      right: z.array(z.object({ key: z.string(), content: z.string() })).describe('右列'),
    })
    .nullable()
    .describe('匹配题两列'),
  blankCount: z.number().describe('填空数量'),
  myAnswer: ZAnswerValueSchema.nullable().describe('我已保存的答案'),
  flagged: z.boolean().describe('是否标记'),
  seq: z.number().describe('已保存答案的序号'),
  answered: z.boolean().describe('是否已作答'),
});
export type TPaperQuView = z.infer<typeof ZPaperQuViewSchema>;

/** The paper being sat: the server deadline and the server's current time for the countdown. */
export const ZPaperDetailSchema = z.object({
  id: z.string().describe('试卷ID'),
  examId: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  state: z.number().describe('状态（0考试中 1待阅卷 2已完成 3已放弃）'),
  totalScore: z.number().describe('总分'),
  passScore: z.number().describe('及格分'),
  startTime: z.string().describe('开始时间'),
  deadline: z.string().describe('截止时间（服务器）'),
  serverTime: z.string().describe('服务器当前时间'),
  earliestHandTime: z.string().describe('最早交卷时间'),
  leaveCount: z.number().describe('已离开页面次数'),
  leaveLimit: z.number().describe('允许离开次数（0不限）'),
  fullScreen: z.boolean().describe('是否要求全屏'),
  allowFocusMode: z.boolean().describe('不支持全屏的设备是否允许以专注模式作答'),
  noCopy: z.boolean().describe('是否禁止复制粘贴'),
  /** 监考方式: 2 and 3 open the camera in the room (its settings from /api/exam/proctor/room). */
  proctorMode: z.number().int().default(0).describe('监考方式'),
  questions: z.array(ZPaperQuViewSchema).describe('题目与答题卡'),
});
export type TPaperDetail = z.infer<typeof ZPaperDetailSchema>;

export const ZPaperIdSchema = z.object({ paperId: z.string().min(1).describe('试卷ID') });
export const ZPaperQuDetailSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  quId: z.string().min(1).describe('题目ID'),
});

export const ZFillAnswerSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  quId: z.string().min(1).describe('题目ID'),
  answer: ZAnswerValueSchema,
  flagged: z.boolean().nullish().describe('是否标记'),
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).describe('答案序号（客户端递增）'),
  /**
   * The answering window (see claim); a save from a window that is not the paper's active one is
   * refused (20010008), and so is a save without one (20010009). Optional in the
   * schema so that an old tab gets that code (reload) rather than 10010001.
   */
  windowId: z.string().min(1).max(64).nullish().describe('答题窗口ID'),
});
export type TFillAnswer = z.infer<typeof ZFillAnswerSchema>;

/**
 * Answer of a save. Not accepted (a newer answer is stored): `answer`/`flagged` carry what the
 * server holds, so the client shows that instead of believing its own was saved.
 */
export const ZFillAnswerResultSchema = z.object({
  accepted: z.boolean().describe('是否保存（序号不大于已保存序号时不覆盖）'),
  seq: z.number().describe('已保存的序号'),
  answer: ZAnswerValueSchema.nullable().optional().describe('服务器保存的答案（未保存时返回）'),
  flagged: z.boolean().optional().describe('服务器保存的标记（未保存时返回）'),
});
export type TFillAnswerResult = z.infer<typeof ZFillAnswerResultSchema>;

/** Makes a window the one that answers the paper (opening the room, or 继续在此作答). */
export const ZClaimWindowSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  windowId: z.string().min(1).max(64).describe('答题窗口ID'),
});
export const ZClaimWindowResultSchema = z.object({
  takenOver: z.boolean().describe('是否从其他窗口或设备接管了作答'),
});
export type TClaimWindowResult = z.infer<typeof ZClaimWindowResultSchema>;

export const ZLeaveSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  kind: z.enum(['blur', 'fullscreen-exit'], { error: '离开类型只能是blur或fullscreen-exit' }).describe('离开类型'),
});
export const ZLeaveResultSchema = z.object({
  leaveCount: z.number().describe('已离开次数'),
  leaveLimit: z.number().describe('允许离开次数（0不限）'),
  handed: z.boolean().describe('是否已被强制交卷'),
});

export const ZHandResultSchema = z.object({
  paperId: z.string().describe('试卷ID'),
  state: z.number().describe('状态（1待阅卷 2已完成 3已放弃）'),
});

/** One question in the review after hand-in (only when the exam shows answers). */
export const ZReviewQuSchema = ZPaperQuViewSchema.extend({
  rightOptions: z.array(z.string()).describe('正确选项'),
  refAnswer: z.unknown().describe('参考答案（填空/匹配/简答）'),
  analysis: z.string().nullable().describe('解析'),
  isRight: z.boolean().nullable().describe('是否正确'),
  actualScore: z.number().describe('得分'),
  markState: z.number().describe('评分状态'),
  markComment: z.string().nullable().describe('评语'),
});
export type TReviewQu = z.infer<typeof ZReviewQuSchema>;

/** One line of the result breakdown: by question type or by section. */
export const ZScoreLineSchema = z.object({
  key: z.string().describe('题型或大题'),
  label: z.string().describe('名称'),
  count: z.number().describe('题数'),
  score: z.number().describe('得分'),
  total: z.number().describe('满分'),
});
export type TScoreLine = z.infer<typeof ZScoreLineSchema>;

/**
 * The rank of a finished paper (standard competition ranking, "1224"): 1 + the learners whose best
 * finished, non-voided paper of the exam scored more than this paper; M counts those learners.
 */
export const ZPaperRankSchema = z.object({
  rank: z.number().describe('名次'),
  total: z.number().describe('参加排名人数'),
});
export type TPaperRank = z.infer<typeof ZPaperRankSchema>;

export const ZPaperResultSchema = z.object({
  id: z.string().describe('试卷ID'),
  examId: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  state: z.number().describe('状态'),
  stateLabel: z.string().describe('状态名称'),
  showScore: z.boolean().describe('是否显示成绩'),
  showAnswers: z.boolean().describe('是否显示答案'),
  /** Why answers are not shown yet, or when they will be; null when they are shown. */
  reviewNote: z.string().nullable().describe('答案与解析何时可查看的说明'),
  totalScore: z.number().describe('总分'),
  passScore: z.number().describe('及格分'),
  userScore: z.number().nullable().describe('得分（不显示时为空）'),
  objScore: z.number().nullable().describe('客观题得分'),
  subjScore: z.number().nullable().describe('主观题得分'),
  passed: z.boolean().nullable().describe('是否通过'),
  resultLabel: z.string().nullable().describe('考试结果（通过/未通过）'),
  startTime: z.string().describe('开始时间'),
  handTime: z.string().nullable().describe('交卷时间'),
  usedSeconds: z.number().describe('用时（秒）'),
  voided: z.boolean().describe('是否已作废'),
  voidReason: z.string().nullable().describe('作废原因'),
  questions: z.array(ZReviewQuSchema).nullable().describe('答卷回顾（不显示答案时为空）'),
  byType: z.array(ZScoreLineSchema).nullable().optional().describe('按题型得分（不显示成绩时为空）'),
  bySection: z.array(ZScoreLineSchema).nullable().optional().describe('按大题得分（不显示成绩时为空）'),
  /** Only when the exam shows ranks and this paper is finished (state 2, not voided); no names. */
  rank: ZPaperRankSchema.nullable().optional().describe('名次（不公布时为空）'),
});
export type TPaperResult = z.infer<typeof ZPaperResultSchema>;

/** An attempt in lists (my scores, records of one exam, results). */
export const ZPaperRecordSchema = z.object({
  id: z.string().describe('试卷ID'),
  examId: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  userId: z.string().describe('用户ID'),
  userName: z.string().nullable().describe('用户名'),
  realName: z.string().nullable().describe('姓名'),
  deptName: z.string().nullable().describe('部门'),
  state: z.number().describe('状态'),
  stateLabel: z.string().describe('状态名称'),
  totalScore: z.number().describe('总分'),
  userScore: z.number().nullable().describe('得分'),
  passed: z.boolean().nullable().describe('是否通过'),
  startTime: z.string().describe('开始时间'),
  handTime: z.string().nullable().describe('交卷时间'),
  usedSeconds: z.number().describe('用时（秒）'),
  voided: z.boolean().describe('是否已作废'),
});
export type TPaperRecord = z.infer<typeof ZPaperRecordSchema>;

export const ZRecordPagingParamsSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  userId: z.string().nullish().describe('用户ID（学员只能查自己）'),
});

/**
 * The real state of an exam in 我的成绩: passed once any valid attempt passed, else
 * the state of the latest attempt; 未通过 only for a marked attempt below the pass line.
 */
export const MY_EXAM_STATUSES = ['passed', 'failed', 'pending', 'abandoned', 'voided', 'inExam'] as const;
export type TMyExamStatus = (typeof MY_EXAM_STATUSES)[number];
export const MY_EXAM_STATUS_LABELS: Record<TMyExamStatus, string> = {
  passed: '通过',
  failed: '未通过',
  pending: '待阅卷',
  abandoned: '已放弃',
  voided: '已作废',
  inExam: '考试中',
};

/** My scores across exams (/web/paper): one row per exam I sat. */
export const ZMyExamRecordSchema = z.object({
  status: z.enum(MY_EXAM_STATUSES).describe('考试状态'),
  examId: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  tryCount: z.number().describe('考试次数'),
  bestScore: z.number().nullable().describe('最高分'),
  lastScore: z.number().nullable().describe('最近得分'),
  passed: z.boolean().describe('是否通过'),
  totalScore: z.number().describe('总分'),
  passScore: z.number().describe('及格分'),
  lastTime: z.string().nullable().describe('最近交卷时间'),
  lastPaperId: z.string().nullable().describe('最近试卷ID'),
});
export const ZMyPagingParamsSchema = z.object({
  title: z.string().trim().max(100).nullish().describe('考试名称'),
  passed: z.boolean().nullish().describe('是否通过'),
  status: z.enum(MY_EXAM_STATUSES).nullish().describe('考试状态'),
});

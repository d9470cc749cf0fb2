/** Enumerations and labels of papers and exams, beside the SPEC 4 labels of labels.ts. */

/** Paper template kind: 1 fixed (questions picked by hand), 2 rules (drawn afresh for every attempt). */
export const TmplKind = { FIXED: 1, RULE: 2 } as const;
export const TMPL_KIND_LABELS: Record<number, string> = { 1: '固定试卷', 2: '随机组卷' };

/** Exam state: 0 draft, 1 published, 2 closed. */
export const ExamState = { DRAFT: 0, PUBLISHED: 1, CLOSED: 2 } as const;
export const EXAM_STATE_LABELS: Record<number, string> = { 0: '草稿', 1: '已发布', 2: '已关闭' };

/** Where an exam stands for a learner (online list): by its window. */
export const ExamTimeState = { NOT_STARTED: 0, RUNNING: 1, ENDED: 2 } as const;
export const EXAM_TIME_STATE_LABELS: Record<number, string> = { 0: '未开始', 1: '进行中', 2: '已结束' };

/** What the learner sees after hand-in. */
export const ResultShow = { SCORE: 1, SCORE_AND_ANSWERS: 2, AFTER_MARKING: 3 } as const;
export const RESULT_SHOW_LABELS: Record<number, string> = {
  1: '仅显示成绩',
  2: '显示成绩和答案',
  3: '阅卷完成前不显示',
};

/**
 * When the learner may see right answers, analysis and right/wrong (Moodle's review
 * options). Until then the exam's questions stay locked for that learner everywhere.
 */
export const ReviewAfter = { NEVER: 0, IMMEDIATELY: 1, LAST_ATTEMPT: 2, CLOSED: 3 } as const;
export const REVIEW_AFTER_LABELS: Record<number, string> = {
  1: '交卷后立即',
  2: '最后一次作答后',
  3: '考试结束后',
  0: '不允许',
};

/** Cycle of the attempt limit; 0 = the limit counts over the whole exam. */
export const CYCLE_TYPE_NONE = 0;

/** How a paper was handed in. */
export const HandKind = { LEARNER: 1, DEADLINE: 2, LEAVE_LIMIT: 3, ABANDONED: 4, INVIGILATOR: 5 } as const;
export const HAND_KIND_LABELS: Record<number, string> = {
  1: '主动交卷',
  2: '到时自动交卷',
  3: '切屏超限强制交卷',
  4: '放弃考试',
  5: '监考强制收卷',
};

/** Marking state of one question of a paper. */
export const MarkState = { NONE: 0, AUTO: 1, PENDING: 2, MANUAL: 3 } as const;
export const MARK_STATE_LABELS: Record<number, string> = { 0: '未评分', 1: '自动评分', 2: '待阅卷', 3: '人工评分' };

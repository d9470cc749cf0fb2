/** The label mappings of SPEC 4 and the question types of SPEC 9, fixed once (DESIGN 4). */

export const UserState = { NORMAL: 0, DISABLED: 1, PENDING: 2 } as const;
export const USER_STATE_LABELS: Record<number, string> = { 0: '正常', 1: '禁用', 2: '待审核' };

export const PaperState = { IN_EXAM: 0, AWAITING_MARK: 1, FINISHED: 2, ABANDONED: 3 } as const;
export const PAPER_STATE_LABELS: Record<number, string> = { 0: '考试中', 1: '待阅卷', 2: '已完成', 3: '已放弃' };

export const OpenType = { PUBLIC: 1, DEPARTMENTS: 2, PEOPLE: 3, PASSWORD: 9 } as const;
export const OPEN_TYPE_LABELS: Record<number, string> = { 1: '完全公开', 2: '指定部门', 3: '指定人员', 9: '需要密码' };

export const EXAM_RESULT_LABELS: Record<number, string> = { 1: '通过', 0: '未通过' };

export const QuestionLevel = { ORDINARY: 1, HARD: 2 } as const;
export const QUESTION_LEVEL_LABELS: Record<number, string> = { 1: '普通', 2: '困难' };

export const CycleType = { DAILY: 1, WEEKLY: 2, MONTHLY: 3 } as const;
export const CYCLE_TYPE_LABELS: Record<number, string> = { 1: '每天', 2: '每周', 3: '每月' };

export const QuestionType = {
  SINGLE: 1,
  MULTIPLE: 2,
  JUDGE: 3,
  SHORT_ANSWER: 4,
  FILL_BLANK: 5,
  MATCHING: 6,
  ORDERING: 7,
  COMPOSITE: 99,
} as const;
export type TQuestionType = (typeof QuestionType)[keyof typeof QuestionType];
/** Every question type, the one list the schemas and the kinds' registries derive from. */
export const QUESTION_TYPES = Object.values(QuestionType) as [TQuestionType, ...TQuestionType[]];
export const isQuestionType = (v: number): v is TQuestionType => (QUESTION_TYPES as readonly number[]).includes(v);
export const QUESTION_TYPE_LABELS: Record<number, string> = {
  1: '单选题',
  2: '多选题',
  3: '判断题',
  4: '简答题',
  5: '填空题',
  6: '匹配题',
  7: '排序题',
  99: '组合题',
} satisfies Record<TQuestionType, string>;

/** roleType of SPEC 1: 1 learner (web area), 2 administrator (admin area). */
export const RoleType = { LEARNER: 1, ADMIN: 2 } as const;
export const ROLE_TYPE_LABELS: Record<number, string> = { 1: '学员', 2: '管理员' };

/** Data scope of a role: which users' data its holders may see. */
export const DataScope = { SELF: 1, OWN_DEPT: 2, DEPT_AND_BELOW: 3, ALL: 4 } as const;
export const DATA_SCOPE_LABELS: Record<number, string> = {
  1: '仅本人',
  2: '本部门',
  3: '本部门及以下',
  4: '全部数据',
};

/** Menu types of SPEC 3. */
export const MenuType = { MENU: 1, FUNCTION: 2, ROUTE: 3 } as const;
export const MENU_TYPE_LABELS: Record<number, string> = { 1: '菜单', 2: '功能', 3: '路由' };

/** Turns a label map into antd-style select options. */
export function labelOptions(labels: Record<number, string>): { value: number; label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));
}

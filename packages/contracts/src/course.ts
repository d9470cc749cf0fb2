/**
 * Courses (课程学习): /api/course/category/*, /api/course/course/*, /api/course/file/*
 * for administrators, /api/course/learn/* for learners, /api/course/stat/* for progress reports.
 * The audience follows the exam open types: 1 everyone, 2 departments (and below), 3 named people.
 */
import { z } from 'zod';

export const CourseState = { DRAFT: 0, PUBLISHED: 1 } as const;
export const COURSE_FILE_KINDS = ['video', 'audio', 'pdf', 'image', 'doc'] as const;
export type TCourseFileKind = (typeof COURSE_FILE_KINDS)[number];
export const COURSE_FILE_KIND_LABELS: Record<TCourseFileKind, string> = {
  video: '视频',
  audio: '音频',
  pdf: 'PDF',
  image: '图片',
  doc: '文档',
};
/** Heartbeat interval of the player, seconds. */
export const COURSE_BEAT_SECONDS = 10;
/** Seconds past the furthest watched point a learner may seek without skipping ahead. */
export const COURSE_SEEK_TOLERANCE = 5;

const id = (label: string) => z.string().min(1, `请选择${label}`).max(64).describe(label);

export const ZCourseCategorySaveSchema = z.object({
  id: z.string().min(1).nullish().describe('分类ID'),
  parentId: z.string().min(1).nullish().describe('上级分类'),
  name: z.string().trim().min(1, '请输入分类名称').max(50, '分类名称不能超过50个字符').describe('分类名称'),
  sort: z.number().int().min(0).max(99999).default(0).describe('排序'),
});
export const ZCourseCategorySchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  sort: z.number(),
  get children() {
    return z.array(ZCourseCategorySchema).optional();
  },
});
export type TCourseCategory = z.infer<typeof ZCourseCategorySchema>;

export const ZCourseSaveSchema = z
  .object({
    id: z.string().min(1).nullish().describe('课程ID（修改时传）'),
    title: z.string().trim().min(1, '请输入课程名称').max(100, '课程名称不能超过100个字符').describe('课程名称'),
    cover: z.string().max(300).nullish().describe('封面'),
    content: z.string().max(100_000, '课程介绍过长').default('').describe('课程介绍'),
    categoryId: z.string().min(1).nullish().describe('课程分类'),
    lecturer: z.string().trim().max(50, '讲师不能超过50个字符').default('').describe('讲师'),
    hours: z.number().min(0, '学时不能小于0').max(1000, '学时不能超过1000').default(0).describe('学时'),
    required: z.boolean().default(false).describe('必修'),
    openType: z
      .union([z.literal(1), z.literal(2), z.literal(3)], { error: '学习范围只能是1、2或3' })
      .describe('学习范围'),
    deptIds: z.array(z.string().min(1)).max(1000).default([]).describe('指定部门'),
    userIds: z.array(z.string().min(1)).max(10000).default([]).describe('指定人员'),
    sort: z.number().int().min(0).max(99999).default(0).describe('排序'),
    startTime: z.iso.datetime({ offset: true, error: '开始时间格式不正确' }).nullish().describe('开始时间'),
    endTime: z.iso.datetime({ offset: true, error: '结束时间格式不正确' }).nullish().describe('结束时间'),
    allowSkip: z.boolean().default(false).describe('允许拖动快进'),
    passRate: z.number().int().min(50, '完成比例不能小于50').max(100).default(95).describe('视频完成比例'),
    examIds: z.array(z.string().min(1)).max(20, '关联考试最多20个').default([]).describe('关联考试'),
  })
  .superRefine((v, ctx) => {
    if (v.openType === 2 && v.deptIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['deptIds'], message: '请选择指定部门' });
    if (v.openType === 3 && v.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: '请选择指定人员' });
    if (v.startTime && v.endTime && v.startTime >= v.endTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间须晚于开始时间' });
  });
export type TCourseSave = z.input<typeof ZCourseSaveSchema>;

export const ZCourseRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  lecturer: z.string(),
  hours: z.number(),
  required: z.boolean(),
  openType: z.number(),
  state: z.number().describe('状态：0 草稿，1 已发布'),
  sort: z.number(),
  fileCount: z.number(),
  learnerCount: z.number().describe('学习人数'),
  completedCount: z.number().describe('完成人数'),
  createdAt: z.string(),
});
export type TCourseRecord = z.infer<typeof ZCourseRecordSchema>;

export const ZCoursePagingParamsSchema = z.object({
  title: z.string().trim().max(100).nullish().describe('课程名称'),
  categoryId: z.string().max(64).nullish().describe('课程分类'),
  state: z.number().int().min(0).max(1).nullish().describe('状态'),
});

export const ZCourseFileSchema = z.object({
  id: z.string(),
  chapterId: z.string(),
  title: z.string(),
  kind: z.enum(COURSE_FILE_KINDS),
  duration: z.number(),
  minReadSeconds: z.number(),
  required: z.boolean(),
  sort: z.number(),
  size: z.number(),
  name: z.string().describe('原文件名'),
  /** Office documents: a PDF rendition exists. */
  hasPdf: z.boolean(),
});
export type TCourseFile = z.infer<typeof ZCourseFileSchema>;

export const ZCourseChapterSchema = z.object({
  id: z.string(),
  title: z.string(),
  sort: z.number(),
  files: z.array(ZCourseFileSchema),
});
export type TCourseChapter = z.infer<typeof ZCourseChapterSchema>;

export const ZCourseDetailSchema = ZCourseRecordSchema.extend({
  content: z.string(),
  deptIds: z.array(z.string()),
  userIds: z.array(z.string()),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  allowSkip: z.boolean(),
  passRate: z.number(),
  examIds: z.array(z.string()),
  chapters: z.array(ZCourseChapterSchema),
});
export type TCourseDetail = z.infer<typeof ZCourseDetailSchema>;

export const ZCoursePublishSchema = z.object({
  id: z.string().min(1).describe('课程ID'),
  state: z.union([z.literal(0), z.literal(1)], { error: '状态只能是0或1' }).describe('状态'),
});

export const ZCourseChapterSaveSchema = z.object({
  id: z.string().min(1).nullish().describe('章节ID'),
  courseId: id('课程'),
  title: z.string().trim().min(1, '请输入章节名称').max(100, '章节名称不能超过100个字符').describe('章节名称'),
  sort: z.number().int().min(0).max(99999).default(0).describe('排序'),
});

export const ZCourseFileSaveSchema = z.object({
  id: z.string().min(1).nullish().describe('课件ID'),
  chapterId: id('章节'),
  /** The uploaded file (/api/common/file/upload, purpose=course, audience=private). */
  fileId: id('文件'),
  title: z.string().trim().min(1, '请输入课件名称').max(100, '课件名称不能超过100个字符').describe('课件名称'),
  minReadSeconds: z.number().int().min(0).max(36000).default(0).describe('最少阅读时间(秒)'),
  required: z.boolean().default(true).describe('必学'),
  sort: z.number().int().min(0).max(99999).default(0).describe('排序'),
});

/* ---- learner ---- */

export const ZMyCoursePagingParamsSchema = z.object({
  /** 1 in progress, 2 completed, absent all open to me. */
  status: z.number().int().min(1).max(2).nullish().describe('学习状态'),
  categoryId: z.string().max(64).nullish().describe('课程分类'),
  title: z.string().trim().max(100).nullish().describe('课程名称'),
});

export const ZMyCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  categoryName: z.string().nullable(),
  lecturer: z.string(),
  hours: z.number(),
  required: z.boolean(),
  progress: z.number(),
  studySeconds: z.number(),
  completedAt: z.string().nullable(),
});
export type TMyCourse = z.infer<typeof ZMyCourseSchema>;

export const ZMyCoursePageSchema = z.object({
  records: z.array(ZMyCourseSchema),
  total: z.number(),
  current: z.number(),
  size: z.number(),
  /** Credit hours of courses completed this calendar year. */
  yearHours: z.number(),
});

/** The learner's study time (user centre, 学习记录): totals, this year, the last 14 days, per course. */
export const ZMyStudySchema = z.object({
  totalSeconds: z.number(),
  yearSeconds: z.number(),
  /** Credit hours of courses completed this calendar year (the site's time zone). */
  yearHours: z.number(),
  courses: z.number(),
  completed: z.number(),
  /** The last 14 days, oldest first, days without study included. */
  days: z.array(z.object({ day: z.string(), seconds: z.number() })),
  recent: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      progress: z.number(),
      studySeconds: z.number(),
      completedAt: z.string().nullable(),
    }),
  ),
});
export type TMyStudy = z.infer<typeof ZMyStudySchema>;

export const ZFileProgressSchema = z.object({
  fileId: z.string(),
  percent: z.number(),
  done: z.boolean(),
  position: z.number(),
  lastPage: z.number(),
  /** Where the learner may seek to (furthest watched + tolerance). */
  allowedUntil: z.number(),
  studySeconds: z.number(),
});
export type TFileProgress = z.infer<typeof ZFileProgressSchema>;

export const ZLinkedExamSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The course is complete, so the exam may be sat. */
  unlocked: z.boolean(),
});

export const ZLearnDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  content: z.string(),
  lecturer: z.string(),
  hours: z.number(),
  required: z.boolean(),
  allowSkip: z.boolean(),
  progress: z.number(),
  studySeconds: z.number(),
  completedAt: z.string().nullable(),
  lastFileId: z.string().nullable(),
  chapters: z.array(ZCourseChapterSchema),
  files: z.array(ZFileProgressSchema),
  exams: z.array(ZLinkedExamSchema),
});
export type TLearnDetail = z.infer<typeof ZLearnDetailSchema>;

const seconds = z.number().min(0).max(360_000);
export const ZHeartbeatSchema = z.object({
  fileId: id('课件'),
  position: seconds.default(0).describe('播放位置'),
  ranges: z
    .array(z.tuple([seconds, seconds]))
    .max(200, '播放区间过多')
    .default([])
    .describe('播放区间'),
  rate: z.number().min(0).max(16).default(1).describe('播放速度'),
  playing: z.boolean().default(false).describe('正在播放'),
  visible: z.boolean().default(true).describe('页面可见'),
  page: z.number().int().min(0).max(100000).default(0).describe('当前页'),
  pages: z.number().int().min(0).max(100000).default(0).describe('总页数'),
});
export type THeartbeat = z.input<typeof ZHeartbeatSchema>;

export const ZHeartbeatResultSchema = ZFileProgressSchema.extend({
  courseProgress: z.number(),
  courseCompleted: z.boolean(),
  /** False while the file's content was never fetched: the beat is answered without credit. */
  opened: z.boolean(),
  /** Why nothing was credited (shown to the learner), or null. */
  notice: z.string().nullable(),
});
export type THeartbeatResult = z.infer<typeof ZHeartbeatResultSchema>;

/* ---- stats ---- */

export const ZCourseStatParamsSchema = z.object({
  courseId: id('课程'),
  deptId: z.string().max(64).nullish().describe('部门'),
  realName: z.string().trim().max(64).nullish().describe('姓名'),
});
export const ZCourseStatRecordSchema = z.object({
  userId: z.string(),
  realName: z.string().nullable(),
  userName: z.string(),
  deptName: z.string().nullable(),
  progress: z.number(),
  studySeconds: z.number(),
  completedAt: z.string().nullable(),
});
export type TCourseStatRecord = z.infer<typeof ZCourseStatRecordSchema>;
export const ZCourseDeptSummarySchema = z.object({
  deptName: z.string().nullable(),
  learners: z.number(),
  completed: z.number(),
});
export const ZCourseStatSummarySchema = z.object({
  audience: z.number().describe('学习范围人数'),
  completed: z.number(),
  rate: z.number().describe('完成率(%)'),
  depts: z.array(ZCourseDeptSummarySchema),
});

/**
 * 远程监考 (remote proctoring): the exam's setting, the learner's consent, the identity check at the
 * door with an active liveness challenge, camera snapshots during the exam, the second camera, the
 * invigilator's timeline and review. Personal data: faces are matched as descriptors and frames are
 * dropped after analysis; snapshots are kept for the exam's retention period and shown only to the
 * exam's invigilators and reviewers (every view logged), never to another learner.
 */
import { z } from 'zod';

/** 监考方式. */
export const ProctorMode = {
  NONE: 0,
  /** Identity check at entry. */
  IDENTITY: 1,
  /** Identity check + snapshots during the exam. */
  SNAPSHOTS: 2,
  /** Identity check + snapshots + second camera (第二机位). */
  SECOND_CAMERA: 3,
} as const;
export type TProctorMode = (typeof ProctorMode)[keyof typeof ProctorMode];
export const PROCTOR_MODE_LABELS: Record<TProctorMode, string> = {
  0: '不监考',
  1: '入场身份核验',
  2: '身份核验 + 随机抓拍',
  3: '身份核验 + 随机抓拍 + 第二机位',
};

export const PROCTOR_SNAPSHOT_MIN_SECONDS = 30;
export const PROCTOR_SNAPSHOT_MAX_SECONDS = 120;
export const PROCTOR_RETENTION_DAYS = 30;
/** Longest a snapshot may be, bytes (a 320 px JPEG is 10-30 KB). */
export const PROCTOR_SNAPSHOT_MAX_BYTES = 64 * 1024;
/** Longest a snapshot may be as base64 characters (with a data: prefix). */
export const PROCTOR_SNAPSHOT_MAX_CHARS = Math.ceil((PROCTOR_SNAPSHOT_MAX_BYTES * 4) / 3) + 64;
/** A door check session answers within this; then it is void and a new one is needed. */
export const PROCTOR_CHALLENGE_SECONDS = 60;
/** Failed door checks after which the learner may ask the invigilator to admit them. */
export const PROCTOR_DOOR_FAILURES = 3;
/** A second camera that sent nothing for this long is flagged lost. */
export const PROCTOR_SECOND_CAMERA_LOST_SECONDS = 180;
/** The second camera's link is valid this long after the check page shows it. */
export const PROCTOR_SECOND_CAMERA_LINK_MINUTES = 30;

/** The exam's 监考 settings (saved with the exam). */
export const ZProctorSettingSchema = z
  .object({
    mode: z
      .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
      .default(0)
      .describe('监考方式（0不监考 1入场身份核验 2身份核验+随机抓拍 3身份核验+随机抓拍+第二机位）'),
    snapMinSeconds: z
      .number({ error: '抓拍最短间隔必须是整数' })
      .int('抓拍最短间隔必须是整数')
      .min(10, '抓拍最短间隔不能少于10秒')
      .max(3600, '抓拍最短间隔不能超过3600秒')
      .default(PROCTOR_SNAPSHOT_MIN_SECONDS)
      .describe('抓拍最短间隔（秒）'),
    snapMaxSeconds: z
      .number({ error: '抓拍最长间隔必须是整数' })
      .int('抓拍最长间隔必须是整数')
      .min(10, '抓拍最长间隔不能少于10秒')
      .max(3600, '抓拍最长间隔不能超过3600秒')
      .default(PROCTOR_SNAPSHOT_MAX_SECONDS)
      .describe('抓拍最长间隔（秒）'),
    /** Whether answering stops while the learner's camera is stopped. */
    cameraStopBlocks: z.boolean().default(false).describe('摄像头中断时暂停作答'),
    retentionDays: z
      .number({ error: '抓拍保留天数必须是整数' })
      .int('抓拍保留天数必须是整数')
      .min(1, '抓拍保留天数不能少于1天')
      .max(3650, '抓拍保留天数不能超过3650天')
      .default(PROCTOR_RETENTION_DAYS)
      .describe('抓拍保留天数（成绩确定后）'),
  })
  .superRefine((v, ctx) => {
    if (v.snapMaxSeconds < v.snapMinSeconds)
      ctx.addIssue({ code: 'custom', path: ['snapMaxSeconds'], message: '抓拍最长间隔不能小于最短间隔' });
  });
export type TProctorSetting = z.output<typeof ZProctorSettingSchema>;
export type TProctorSettingIn = z.input<typeof ZProctorSettingSchema>;
/** An exam without proctoring (the default of a new exam). */
export const PROCTOR_OFF: TProctorSetting = {
  mode: 0,
  snapMinSeconds: PROCTOR_SNAPSHOT_MIN_SECONDS,
  snapMaxSeconds: PROCTOR_SNAPSHOT_MAX_SECONDS,
  cameraStopBlocks: false,
  retentionDays: PROCTOR_RETENTION_DAYS,
};

/** What the learner agrees to before a proctored exam (personal information law: purpose, retention, who sees it). */
export const ZProctorNoticeSchema = z.object({
  examId: z.string(),
  title: z.string().describe('考试名称'),
  mode: z.number().int().describe('监考方式'),
  modeLabel: z.string().describe('监考方式名称'),
  /** The items collected, the purpose, the retention and who sees them, as the learner reads them. */
  collected: z.array(z.string()).describe('收集的信息'),
  purpose: z.string().describe('用途'),
  retention: z.string().describe('保存期限'),
  viewers: z.string().describe('可查看的人'),
  /** Version of the text; a consent is to one version. */
  version: z.string().describe('告知版本'),
  consented: z.boolean().describe('是否已同意'),
  consentedAt: z.string().nullable().describe('同意时间'),
  /** Whether the learner has an enrolled face (else they enrol on the check page). */
  enrolled: z.boolean().describe('是否已录入人脸'),
  /** A passed identity check that still lets the learner start. */
  doorPassed: z.boolean().describe('是否已通过身份核验'),
  /** Failures of the identity check so far; at PROCTOR_DOOR_FAILURES the learner may ask the invigilator. */
  doorFailures: z.number().int().describe('身份核验失败次数'),
  /** The learner asked the invigilator to admit them and waits. */
  admitRequested: z.boolean().describe('是否已请求监考员放行'),
});
export type TProctorNotice = z.infer<typeof ZProctorNoticeSchema>;

export const ZProctorExamSchema = z.object({ examId: z.string().min(1).describe('考试ID') });
export const ZProctorConsentSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  version: z.string().min(1).max(64).describe('告知版本'),
  agree: z.literal(true, { error: '请阅读并同意监考告知' }).describe('同意'),
});

/** One step of the active liveness challenge. */
export const ChallengeAction = ['turn-left', 'turn-right', 'blink', 'open-mouth', 'nod'] as const;
export type TChallengeAction = (typeof ChallengeAction)[number];
export const CHALLENGE_ACTION_LABELS: Record<TChallengeAction, string> = {
  'turn-left': '请向左转头',
  'turn-right': '请向右转头',
  blink: '请眨眨眼',
  'open-mouth': '请张开嘴',
  nod: '请点点头',
};

/** A challenge session: the server's random steps, answered one after the other before `expiresAt`. */
export const ZChallengeSchema = z.object({
  challengeId: z.string().describe('核验会话ID'),
  steps: z.array(z.enum(ChallengeAction)).describe('动作序列'),
  expiresAt: z.string().describe('截止时间'),
  serverTime: z.string(),
});
export type TChallenge = z.infer<typeof ZChallengeSchema>;

/** Frames of one step: a short camera sequence (5-8 JPEG frames over about 2 s) while doing the action. */
export const CHALLENGE_MIN_FRAMES = 5;
export const CHALLENGE_MAX_FRAMES = 8;
export const CHALLENGE_FRAME_MAX_CHARS = 400_000;
const zFrames = z
  .array(
    z
      .string()
      .max(CHALLENGE_FRAME_MAX_CHARS, '画面过大，请降低摄像头分辨率')
      .regex(/^(data:image\/jpeg;base64,)?[A-Za-z0-9+/=]+$/, '画面须为JPEG图片'),
  )
  .min(CHALLENGE_MIN_FRAMES, `至少需要${CHALLENGE_MIN_FRAMES}帧画面`)
  .max(CHALLENGE_MAX_FRAMES, `最多${CHALLENGE_MAX_FRAMES}帧画面`)
  .describe('摄像头画面（JPEG，base64）');

/**
 * What the browser's face engine read from one frame (the same readings the server's engine gives).
 * The server analyses the frames itself when its face worker has room and then ignores these; on a
 * busy exam day it decides on them and marks the check as not re-checked (the invigilator sees it).
 */
export const ZFrameReadingSchema = z.object({
  faces: z.number().int().min(0).max(20),
  yaw: z.number().finite().nullish(),
  pitch: z.number().finite().nullish(),
  eyeOpen: z.number().finite().nullish(),
  mouthOpen: z.number().finite().nullish(),
  size: z.number().finite().nullish(),
  descriptor: z.array(z.number().finite()).max(2048).nullish(),
});
export type TFrameReading = z.infer<typeof ZFrameReadingSchema>;

export const ZChallengeStepSchema = z.object({
  challengeId: z.string().min(1).describe('核验会话ID'),
  step: z.number().int().min(0).max(4).describe('第几个动作（从0起）'),
  frames: zFrames,
  readings: z.array(ZFrameReadingSchema).max(CHALLENGE_MAX_FRAMES).nullish().describe('浏览器人脸引擎的读数'),
});

/** The answer of one step: next step, or the whole check's result. */
export const ZChallengeStepResultSchema = z.object({
  passed: z.boolean().describe('本步是否通过'),
  /** Set when the step failed: what the learner should do differently. */
  reason: z.string().nullable().describe('未通过原因'),
  /** All steps passed and the face matched: the door is open (exam) or the token issued (login). */
  done: z.boolean().describe('核验是否完成'),
  /** The session is over (failed, expired): a new one must be started. */
  over: z.boolean().describe('本次核验是否结束'),
  nextStep: z.number().int().nullable().describe('下一个动作序号'),
  failures: z.number().int().describe('累计失败次数'),
});
export type TChallengeStepResult = z.infer<typeof ZChallengeStepResultSchema>;

/** Face login with the active challenge: the user name first, then the steps. */
export const ZFaceChallengeStartSchema = z.object({
  userName: z.string().trim().min(1, '请输入用户名').max(64).describe('用户名'),
});

/** Why a snapshot was taken. */
export const SnapshotReason = ['random', 'leave', 'no-face', 'faces', 'mismatch', 'camera-stop', 'door'] as const;
export type TSnapshotReason = (typeof SnapshotReason)[number];

/** What the browser's face engine found in a snapshot (the server re-checks a sample). */
export const ZSnapshotFindingsSchema = z.object({
  faces: z.number().int().min(0).max(20).describe('人脸数'),
  /** The browser's face descriptor (one face only); the server compares it with the enrolled one. */
  descriptor: z.array(z.number().finite()).max(2048).nullish().describe('人脸特征'),
});

export const ZSnapshotUploadSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  reason: z.enum(SnapshotReason).describe('抓拍原因'),
  image: z
    .string()
    .max(PROCTOR_SNAPSHOT_MAX_CHARS, '抓拍图片过大')
    .regex(/^(data:image\/jpeg;base64,)?[A-Za-z0-9+/=]+$/, '抓拍须为JPEG图片')
    .describe('抓拍（JPEG，base64，约320像素宽）'),
  findings: ZSnapshotFindingsSchema,
  takenAt: z.iso.datetime({ offset: true }).describe('抓拍时间（客户端）'),
});
export const ZSnapshotUploadResultSchema = z.object({
  id: z.string(),
  /** Seconds until the next random snapshot (the server draws it within the exam's interval). */
  nextInSeconds: z.number().int(),
  /** The invigilator paused this learner (the room blocks answering until resumed). */
  paused: z.boolean().describe('是否被监考员暂停'),
  warning: z.string().nullable().describe('监考员的最新警告'),
});
export const ZSnapshotIdSchema = z.object({ snapshotId: z.string().min(1).describe('抓拍ID') });

/** The camera's state changes (stopped, resumed), sent at once. */
export const ZCameraStateSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  state: z.enum(['on', 'stopped']).describe('摄像头状态'),
  detail: z.string().max(200).nullish().describe('说明'),
});
export const ZCameraStateResultSchema = z.object({
  /** Answering is paused until the camera is back (the exam's setting). */
  blocked: z.boolean().describe('是否暂停作答'),
});

/** Flags of the timeline. */
export const ProctorFlag = [
  'no-face',
  'faces',
  'mismatch',
  'leave',
  'camera-stop',
  'second-lost',
  'door-failed',
  'door-admitted',
] as const;
export type TProctorFlag = (typeof ProctorFlag)[number];
export const PROCTOR_FLAG_LABELS: Record<TProctorFlag, string> = {
  'no-face': '未检测到人脸',
  faces: '多张人脸',
  mismatch: '人脸不符',
  leave: '离开考试页面',
  'camera-stop': '摄像头中断',
  'second-lost': '第二机位断开',
  'door-failed': '身份核验失败',
  'door-admitted': '监考员放行',
};

export const ZSecondCameraLinkSchema = z.object({
  url: z.string().describe('第二机位链接（扫码打开）'),
  /** The link as a QR code (PNG data URL), drawn by the server as the certificates' codes are. */
  qr: z.string().describe('第二机位二维码（PNG data URL）'),
  expiresAt: z.string().describe('链接失效时间'),
});

/** The phone's upload: its token (from the link) stands for the paper; no sign-in. */
export const ZSecondSnapshotSchema = z.object({
  token: z.string().min(1).max(1000).describe('第二机位令牌'),
  image: ZSnapshotUploadSchema.shape.image,
  takenAt: z.iso.datetime({ offset: true }).describe('抓拍时间（客户端）'),
});
export const ZSecondCameraInfoSchema = z.object({
  examTitle: z.string().describe('考试名称'),
  realName: z.string().describe('考生姓名'),
  intervalSeconds: z.number().int().describe('拍摄间隔（秒）'),
  expiresAt: z.string(),
});
export const ZSecondTokenSchema = z.object({ token: z.string().min(1).max(1000).describe('第二机位令牌') });

/** What the room needs (the learner's own paper). */
export const ZProctorRoomSchema = z.object({
  mode: z.number().int().describe('监考方式'),
  snapMinSeconds: z.number().int(),
  snapMaxSeconds: z.number().int(),
  cameraStopBlocks: z.boolean(),
  /** The first random snapshot is due this many seconds after the room opens. */
  nextInSeconds: z.number().int(),
  /** The invigilator paused this learner: answering is blocked until resumed. */
  paused: z.boolean().describe('是否被监考员暂停'),
  warning: z.string().nullable().describe('监考员的最新警告'),
});
export type TProctorRoom = z.infer<typeof ZProctorRoomSchema>;

/** One line of a learner's timeline (console). */
export const ZTimelineItemSchema = z.object({
  id: z.string(),
  at: z.string().describe('时间'),
  kind: z.enum(['snapshot', 'flag', 'door', 'action']).describe('类型'),
  /** A snapshot's reason or a flag's kind, or an invigilator's action (warn, pause, resume, void, admit). */
  label: z.string().describe('说明'),
  flag: z.enum(ProctorFlag).nullable().describe('标记'),
  snapshotId: z.string().nullable().describe('抓拍ID'),
  source: z.enum(['main', 'second']).nullable().describe('机位'),
  faces: z.number().int().nullable().describe('人脸数'),
  similarity: z.number().nullable().describe('与录入人脸的相似度'),
  serverChecked: z.boolean().describe('服务器复核过'),
  detail: z.string().nullable(),
});
export type TTimelineItem = z.infer<typeof ZTimelineItemSchema>;

export const ZRiskSchema = z.object({
  score: z.number().int().min(0).max(100).describe('风险分'),
  reasons: z.array(z.string()).describe('风险原因'),
});
export type TRisk = z.infer<typeof ZRiskSchema>;

export const ZProctorPaperSchema = z.object({ paperId: z.string().min(1).describe('试卷ID') });
export const ZProctorTimelineSchema = z.object({
  paperId: z.string(),
  userId: z.string(),
  realName: z.string(),
  risk: ZRiskSchema,
  paused: z.boolean(),
  secondCameraLost: z.boolean(),
  items: z.array(ZTimelineItemSchema),
  review: z
    .object({
      decision: z.number().int(),
      decisionLabel: z.string(),
      reason: z.string(),
      reviewer: z.string(),
      at: z.string(),
    })
    .nullable(),
});
export type TProctorTimeline = z.infer<typeof ZProctorTimelineSchema>;

/** The console's per-learner proctoring summary (merged into the invigilation rows by paper). */
export const ZProctorRowSchema = z.object({
  paperId: z.string(),
  userId: z.string(),
  risk: z.number().int(),
  flags: z.array(z.enum(ProctorFlag)).describe('出现过的标记'),
  lastSnapshotAt: z.string().nullable(),
  cameraStopped: z.boolean(),
  secondCameraLost: z.boolean(),
  paused: z.boolean(),
  doorPassed: z.boolean(),
  admitRequested: z.boolean(),
});
export type TProctorRow = z.infer<typeof ZProctorRowSchema>;
export const ZProctorRowsSchema = z.object({
  mode: z.number().int(),
  rows: z.array(ZProctorRowSchema),
  /** Learners waiting at the door to be admitted (no paper yet). */
  waiting: z.array(z.object({ userId: z.string(), realName: z.string(), failures: z.number().int(), at: z.string() })),
});

export const ZProctorWarnSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  content: z.string().trim().min(1, '请输入警告内容').max(200, '警告内容不能超过200个字符').describe('警告内容'),
});
export const ZProctorPauseSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  paused: z.boolean().describe('暂停或恢复'),
  reason: z.string().trim().min(1, '请输入操作原因').max(500).describe('操作原因'),
});
export const ZProctorAdmitSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  userId: z.string().min(1).describe('考生ID'),
  reason: z.string().trim().min(1, '请输入放行原因').max(500).describe('放行原因'),
});

/** 复核结论. */
export const ReviewDecision = { CLEARED: 1, WARNED: 2, VOIDED: 3 } as const;
export const REVIEW_DECISION_LABELS: Record<number, string> = { 1: '无异常', 2: '违规警告', 3: '作废成绩' };
export const ZProctorReviewSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  decision: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('复核结论'),
  reason: z.string().trim().min(1, '请输入复核理由').max(1000).describe('复核理由'),
});
export const ZReviewQueueParamsSchema = z.object({
  examId: z.string().nullish().describe('考试ID'),
  /** 0 waiting for review, 1 reviewed. */
  reviewed: z.boolean().nullish().describe('是否已复核'),
  minRisk: z.number().int().min(0).max(100).nullish().describe('最低风险分'),
});
export const ZReviewQueueRowSchema = z.object({
  paperId: z.string(),
  examId: z.string(),
  examTitle: z.string(),
  userId: z.string(),
  realName: z.string(),
  deptName: z.string().nullable(),
  risk: z.number().int(),
  reasons: z.array(z.string()),
  snapshots: z.number().int(),
  decision: z.number().int().nullable(),
  decisionLabel: z.string().nullable(),
  reviewer: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type TReviewQueueRow = z.infer<typeof ZReviewQueueRowSchema>;

export const ZRetentionHoldSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  keepUntil: z.iso.datetime({ offset: true, error: '保留截止时间格式不正确' }).describe('保留至'),
  reason: z.string().trim().min(1, '请输入延长保留的原因').max(500).describe('原因'),
});
export const ZRetentionSchema = z.object({
  examId: z.string(),
  retentionDays: z.number().int(),
  /** When the exam's snapshots are deleted (null while results are not final). */
  deleteAt: z.string().nullable(),
  keepUntil: z.string().nullable(),
  holdReason: z.string().nullable(),
  snapshots: z.number().int(),
  bytes: z.number().int(),
});

/** Live classes (直播): rooms, push details, the learner's list and watch page, chat, statistics. */
import { z } from 'zod';

const id = (label: string) => z.string().min(1, `请选择${label}`).max(64).describe(label);
const isoTime = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式不正确` }).describe(label);

/** Derived, never stored: 0 预告 (upcoming), 1 直播中 (live), 2 已结束 (ended). */
export const LiveState = { UPCOMING: 0, LIVE: 1, ENDED: 2 } as const;
export const LIVE_STATE_LABELS: Record<number, string> = { 0: '预告', 1: '直播中', 2: '已结束' };
/** 0 none, 1 remuxing, 2 ready, 3 failed. */
export const LIVE_REPLAY_LABELS: Record<number, string> = { 0: '无', 1: '生成中', 2: '可回放', 3: '生成失败' };
/** The longest chat message. */
export const LIVE_CHAT_MAX = 300;

export const ZLiveSaveSchema = z
  .object({
    id: z.string().min(1).nullish().describe('直播ID（修改时传）'),
    title: z.string().trim().min(1, '请输入直播标题').max(100, '直播标题不能超过100个字符').describe('直播标题'),
    cover: z.string().max(300).nullish().describe('封面'),
    lecturer: z.string().trim().max(50, '讲师不能超过50个字符').default('').describe('讲师'),
    lecturerId: z.string().min(1).max(64).nullish().describe('讲师账号'),
    description: z.string().max(5000, '直播简介不能超过5000个字符').default('').describe('直播简介'),
    startTime: isoTime('开始时间'),
    endTime: isoTime('计划结束时间'),
    openType: z
      .union([z.literal(1), z.literal(2), z.literal(3)], { error: '观看范围只能是1、2或3' })
      .describe('观看范围'),
    deptIds: z.array(z.string().min(1)).max(1000).default([]).describe('指定部门'),
    userIds: z.array(z.string().min(1)).max(10000).default([]).describe('指定人员'),
    courseId: z.string().min(1).max(64).nullish().describe('关联课程'),
  })
  .superRefine((v, ctx) => {
    if (v.openType === 2 && v.deptIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['deptIds'], message: '请选择指定部门' });
    if (v.openType === 3 && v.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: '请选择指定人员' });
    if (new Date(v.startTime) >= new Date(v.endTime))
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: '计划结束时间须晚于开始时间' });
  });
export type TLiveSave = z.input<typeof ZLiveSaveSchema>;

export const ZLivePagingParamsSchema = z.object({
  title: z.string().trim().max(100).nullish().describe('直播标题'),
  state: z.number().int().min(0).max(2).nullish().describe('状态'),
});

const room = {
  id: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  lecturer: z.string(),
  description: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  state: z.number().describe('状态：0 预告，1 直播中，2 已结束'),
  replayState: z.number(),
};

export const ZLiveRecordSchema = z.object({
  ...room,
  lecturerId: z.string().nullable(),
  openType: z.number(),
  deptIds: z.array(z.string()),
  userIds: z.array(z.string()),
  courseId: z.string().nullable(),
  courseTitle: z.string().nullable(),
  online: z.number().describe('当前在线'),
  createdAt: z.string(),
});
export type TLiveRecord = z.infer<typeof ZLiveRecordSchema>;

/** Whether a media server is configured, and where lecturers push. */
export const ZLiveServerSchema = z.object({
  configured: z.boolean(),
  rtmpUrl: z.string().nullable(),
  hlsBase: z.string().nullable(),
});
export type TLiveServer = z.infer<typeof ZLiveServerSchema>;

export const ZLivePushSchema = ZLiveServerSchema.extend({ streamKey: z.string() });
export type TLivePush = z.infer<typeof ZLivePushSchema>;

/** A room as the learner sees it. */
export const ZLiveCardSchema = z.object({ ...room, online: z.number() });
export type TLiveCard = z.infer<typeof ZLiveCardSchema>;

export const ZLiveLearnListSchema = z.object({
  configured: z.boolean(),
  /** The server's clock, for the countdowns. */
  now: z.string(),
  live: z.array(ZLiveCardSchema),
  upcoming: z.array(ZLiveCardSchema),
  ended: z.array(ZLiveCardSchema),
});
export type TLiveLearnList = z.infer<typeof ZLiveLearnListSchema>;

export const ZLiveWatchSchema = ZLiveCardSchema.extend({
  configured: z.boolean(),
  now: z.string(),
  /** The HLS playlist while live (null otherwise). */
  hlsUrl: z.string().nullable(),
  /** The replay's bytes (mp4) once ready. */
  replayUrl: z.string().nullable(),
  muted: z.boolean(),
  /** Administrators holding live:chat:manage may delete messages and mute learners. */
  canManage: z.boolean(),
  courseId: z.string().nullable(),
});
export type TLiveWatch = z.infer<typeof ZLiveWatchSchema>;

export const ZLiveBeatSchema = z.object({
  liveId: id('直播'),
  playing: z.boolean().describe('正在播放'),
  visible: z.boolean().describe('页面可见'),
});
export const ZLiveBeatResultSchema = z.object({
  state: z.number(),
  online: z.number(),
  credited: z.number().describe('本次计入的观看秒数'),
  watchSeconds: z.number(),
});
export type TLiveBeatResult = z.infer<typeof ZLiveBeatResultSchema>;

export const ZLiveChatSchema = z.object({
  id: z.string(),
  liveId: z.string(),
  userId: z.string(),
  userName: z.string(),
  role: z.enum(['learner', 'lecturer', 'admin']),
  content: z.string(),
  createdAt: z.string(),
});
export type TLiveChat = z.infer<typeof ZLiveChatSchema>;

export const ZLiveChatListParamsSchema = z.object({
  liveId: id('直播'),
  afterId: z.string().max(64).nullish().describe('起始消息'),
});
export const ZLiveChatListSchema = z.object({
  messages: z.array(ZLiveChatSchema),
  /** Messages deleted by an administrator (the panel removes them). */
  deleted: z.array(z.string()),
  muted: z.boolean(),
});
export type TLiveChatList = z.infer<typeof ZLiveChatListSchema>;

export const ZLiveChatSendSchema = z.object({
  liveId: id('直播'),
  content: z
    .string()
    .trim()
    .min(1, '请输入消息内容')
    .max(LIVE_CHAT_MAX, `消息不能超过${LIVE_CHAT_MAX}个字符`)
    .describe('消息内容'),
});
export const ZLiveMuteSchema = z.object({
  liveId: id('直播'),
  userId: id('学员'),
  muted: z.boolean().describe('禁言'),
});

export const ZLiveStatParamsSchema = z.object({
  liveId: id('直播'),
  deptId: z.string().max(64).nullish().describe('部门'),
  realName: z.string().trim().max(64).nullish().describe('姓名'),
  /** true: only the audience who never came. */
  absent: z.boolean().nullish().describe('仅未观看'),
});
export const ZLiveStatRecordSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  realName: z.string().nullable(),
  deptName: z.string().nullable(),
  watchMinutes: z.number(),
  sessions: z.number(),
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
});
export type TLiveStatRecord = z.infer<typeof ZLiveStatRecordSchema>;
export const ZLiveStatSummarySchema = z.object({
  state: z.number(),
  audience: z.number().describe('观看范围人数'),
  online: z.number().describe('当前在线'),
  peak: z.number().describe('峰值在线'),
  total: z.number().describe('观看人次'),
  unique: z.number().describe('观看人数'),
  absent: z.number().describe('未观看人数'),
  watchMinutes: z.number().describe('总观看分钟'),
  timeline: z.array(z.object({ minute: z.string(), viewers: z.number() })),
});
export type TLiveStatSummary = z.infer<typeof ZLiveStatSummarySchema>;

/**
 * The room's realtime topic (platform/realtime): events `chat` (a TLiveChat), `chat.deleted`
 * ({ id }), `muted` ({ userId, muted }), `online` ({ online }), `state` ({ state }: the stream
 * started or stopped; read the room again).
 */
export const liveTopic = (liveId: string): string => `live:${liveId}`;

/**
 * 监考 (invigilation console): the live view of a running exam and the invigilator's
 * actions. The learner side (the exam room's beat) carries only the paper's state, its deadline and
 * the invigilator's messages: never an answer, a key or a score.
 */
import { z } from 'zod';

/** Where a learner of the audience stands in the exam. */
export const InvigilateStatus = {
  NOT_STARTED: 'none',
  SITTING: 'sitting',
  MARKING: 'marking',
  HANDED: 'handed',
  ABANDONED: 'abandoned',
  VOIDED: 'voided',
} as const;
export type TInvigilateStatus = (typeof InvigilateStatus)[keyof typeof InvigilateStatus];
export const INVIGILATE_STATUS_LABELS: Record<TInvigilateStatus, string> = {
  none: '未开始',
  sitting: '考试中',
  marking: '待阅卷',
  handed: '已交卷',
  abandoned: '已放弃',
  voided: '已作废',
};
const ZStatus = z.enum(['none', 'sitting', 'marking', 'handed', 'abandoned', 'voided']);

/** A room that sent no beat for this long is shown offline (the room beats every 10 s). */
export const INVIGILATE_OFFLINE_SECONDS = 30;

export const ZInvigilateExamSchema = z.object({ examId: z.string().min(1).describe('考试ID') });

export const ZInvigilateRowSchema = z.object({
  userId: z.string().describe('考生ID'),
  userName: z.string().describe('账号'),
  realName: z.string().describe('姓名'),
  deptName: z.string().nullable().describe('部门'),
  paperId: z.string().nullable().describe('当前（最近一次）答卷ID'),
  status: ZStatus.describe('状态'),
  answered: z.number().int().describe('已答题数'),
  total: z.number().int().describe('题目总数'),
  startTime: z.string().nullable().describe('开考时间'),
  deadline: z.string().nullable().describe('截止时间'),
  remainingSeconds: z.number().int().nullable().describe('剩余秒数（考试中）'),
  leaveCount: z.number().int().describe('切屏次数'),
  lastSaveAt: z.string().nullable().describe('最后保存时间'),
  lastSeenAt: z.string().nullable().describe('最后在线时间'),
  online: z.boolean().describe('是否在线'),
  clientIp: z.string().nullable().describe('客户端地址'),
  leaveAlert: z.boolean().describe('切屏达到上限'),
  offlineAlert: z.boolean().describe('考试中离线'),
});
export type TInvigilateRow = z.infer<typeof ZInvigilateRowSchema>;

export const ZInvigilateSnapshotSchema = z.object({
  examId: z.string(),
  title: z.string().describe('考试名称'),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().int(),
  leaveLimit: z.number().int().describe('切屏上限，0 不限'),
  serverTime: z.string(),
  counts: z.object({
    total: z.number().int(),
    none: z.number().int(),
    sitting: z.number().int(),
    marking: z.number().int(),
    handed: z.number().int(),
    abandoned: z.number().int(),
    voided: z.number().int(),
    online: z.number().int(),
    alerts: z.number().int(),
  }),
  rows: z.array(ZInvigilateRowSchema),
});
export type TInvigilateSnapshot = z.infer<typeof ZInvigilateSnapshotSchema>;

const reason = z.string().trim().min(1, '请输入操作原因').max(500).describe('操作原因');

export const ZInvigilateMsgSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  userId: z.string().min(1).nullish().describe('考生ID（不填为全体考生）'),
  content: z.string().trim().min(1, '请输入消息内容').max(500).describe('消息内容'),
  reason: z.string().trim().max(500).nullish().describe('操作原因'),
});
export type TInvigilateMsg = z.infer<typeof ZInvigilateMsgSchema>;

export const ZInvigilateAddTimeSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  minutes: z.number().int().min(1).max(600).describe('加时分钟数'),
  reason,
});
export const ZInvigilatePaperActionSchema = z.object({ paperId: z.string().min(1).describe('试卷ID'), reason });

export const ZInvigilateAddTimeResultSchema = z.object({ deadline: z.string().describe('新的截止时间') });
export const ZInvigilateMsgResultSchema = z.object({ id: z.string(), recipients: z.number().int() });

/** The exam room's beat: presence, and what the invigilator changed since. */
export const ZRoomBeatSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  since: z.string().datetime({ offset: true }).nullish().describe('已收到的最后一条监考消息时间'),
});
export const ZRoomMessageSchema = z.object({
  id: z.string(),
  content: z.string().describe('消息内容'),
  toAll: z.boolean().describe('是否发给全体考生'),
  createdAt: z.string(),
});
export type TRoomMessage = z.infer<typeof ZRoomMessageSchema>;
export const ZRoomBeatResultSchema = z.object({
  state: z.number().int().describe('试卷状态'),
  deadline: z.string().describe('截止时间'),
  serverTime: z.string(),
  messages: z.array(ZRoomMessageSchema),
});
export type TRoomBeatResult = z.infer<typeof ZRoomBeatResultSchema>;

/**
 * The console's realtime topic (platform/realtime): events `note` carry a TInvigilateNote when
 * something happened in the exam (a hand-in, an invigilator's action); the console reads its
 * snapshot again. Open to those who may invigilate the exam; a department administrator receives
 * only notes about learners of their data scope.
 */
export const invigilateTopic = (examId: string): string => `exam:${examId}:invigilate`;

export interface TInvigilateNote {
  examId: string;
  kind: 'handedIn' | 'voided' | 'abandoned' | 'leave' | 'msg' | 'addTime' | 'hand' | 'void';
  /** Short Chinese text for the console's event list. */
  text: string;
  /** The learner it is about, when one: the console names them from its snapshot. */
  userId?: string;
  at: string;
}

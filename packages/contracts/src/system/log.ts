/** System logs: sign-ins (1), administrator writes (2) and client errors (3). */
import { z } from 'zod';
import { isTimeRange, TIME_RANGE_MESSAGE } from '../validators.js';

export const ZLogSchema = z.object({
  id: z.string().describe('日志ID'),
  type: z.number().describe('日志类型'),
  userId: z.string().nullable().describe('用户ID'),
  userName: z.string().nullable().describe('用户名'),
  title: z.string().describe('操作'),
  path: z.string().nullable().describe('接口地址'),
  params: z.unknown().describe('参数'),
  success: z.boolean().describe('是否成功'),
  message: z.string().nullable().describe('结果信息'),
  ip: z.string().nullable().describe('IP地址'),
  userAgent: z.string().nullable().describe('浏览器'),
  durationMs: z.number().nullable().describe('耗时(毫秒)'),
  createdAt: z.string().describe('时间'),
});
export type TLog = z.infer<typeof ZLogSchema>;

export const ZLogPagingParamsSchema = z.object({
  type: z.coerce.number().int().min(1).max(3).nullish().describe('日志类型'),
  userName: z.string().trim().max(64).nullish().describe('用户名'),
  success: z.boolean().nullish().describe('是否成功'),
  timeRange: z
    .array(z.string().nullish())
    .refine((v) => isTimeRange(v), TIME_RANGE_MESSAGE)
    .refine((v) => v.every((end) => !end || !Number.isNaN(Date.parse(end))), '时间格式不正确')
    .nullish()
    .describe('时间段'),
  keyword: z.string().trim().max(100).nullish().describe('关键字'),
});
export type TLogPagingParams = z.infer<typeof ZLogPagingParamsSchema>;

export const ZClientErrorSchema = z.object({
  message: z.string().min(1, '请提供错误信息').max(2000).describe('错误信息'),
  stack: z.string().max(10000).nullish().describe('错误堆栈'),
  url: z.string().max(2000).nullish().describe('页面地址'),
  userAgent: z.string().max(500).nullish().describe('浏览器'),
});
export type TClientError = z.infer<typeof ZClientErrorSchema>;

/** A domain-event delivery that failed (事件投递): parked once its attempts ran out. */
export const ZEventDeliverySchema = z.object({
  id: z.string().describe('投递ID（事件ID|消费者）'),
  eventId: z.string().describe('事件ID'),
  eventName: z.string().describe('事件'),
  consumer: z.string().describe('消费者'),
  attempts: z.number().describe('已尝试次数'),
  lastError: z.string().nullable().describe('最近错误'),
  nextAttemptAt: z.string().describe('下次尝试时间'),
  parkedAt: z.string().nullable().describe('暂停时间'),
  createdAt: z.string().describe('发布时间'),
});
export type TEventDelivery = z.infer<typeof ZEventDeliverySchema>;

export const ZEventDeliveryPagingParamsSchema = z.object({
  /** true: only parked deliveries; otherwise every delivery that has failed at least once. */
  parked: z.boolean().nullish().describe('仅已暂停'),
});
export type TEventDeliveryPagingParams = z.infer<typeof ZEventDeliveryPagingParamsSchema>;

export const ZEventDeliveryKeySchema = z.object({
  eventId: z.string().min(1).max(64).describe('事件ID'),
  consumer: z.string().min(1).max(100).describe('消费者'),
});
export const ZEventDeliveryRetrySchema = z.object({
  items: z.array(ZEventDeliveryKeySchema).min(1, '请选择要重试的投递').max(500).describe('投递'),
});

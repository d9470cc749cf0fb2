/** Messages: a learner's inbox (SPEC 7 /api/sys/user/msg/*) and administrator sending. */
import { z } from 'zod';

export const ZUserMsgSchema = z.object({
  id: z.string().describe('消息ID'),
  msgId: z.string().describe('消息内容ID'),
  title: z.string().describe('标题'),
  content: z.string().describe('内容'),
  read: z.boolean().describe('是否已读'),
  readAt: z.string().nullable().describe('阅读时间'),
  createdAt: z.string().describe('发送时间'),
});
export type TUserMsg = z.infer<typeof ZUserMsgSchema>;

export const ZUserMsgPagingParamsSchema = z.object({
  read: z.boolean().nullish().describe('是否已读'),
  keyword: z.string().trim().max(64).nullish().describe('关键字'),
});

export const ZMarkReadSchema = z
  .object({
    ids: z.array(z.string().min(1)).max(1000).optional().describe('消息ID列表'),
    all: z.boolean().optional().describe('全部标为已读'),
  })
  .refine((v) => v.all === true || (v.ids && v.ids.length > 0), '请选择要标为已读的消息');
export type TMarkRead = z.infer<typeof ZMarkReadSchema>;

export const ZCountSchema = z.object({ count: z.number().describe('未读数') });

export const ZMsgSendSchema = z
  .object({
    title: z.string().trim().min(1, '请输入标题').max(100, '标题不能超过100个字符').describe('标题'),
    content: z.string().trim().min(1, '请输入内容').max(10000, '内容不能超过10000个字符').describe('内容'),
    target: z.enum(['all', 'dept', 'user'], { error: '发送对象只能是all、dept或user' }).describe('发送对象'),
    deptIds: z.array(z.string().min(1)).max(1000).optional().describe('部门ID列表'),
    userIds: z.array(z.string().min(1)).max(10000).optional().describe('用户ID列表'),
  })
  .superRefine((v, ctx) => {
    if (v.target === 'dept' && !v.deptIds?.length)
      ctx.addIssue({ code: 'custom', path: ['deptIds'], message: '请选择部门' });
    if (v.target === 'user' && !v.userIds?.length)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: '请选择用户' });
  });
export type TMsgSend = z.infer<typeof ZMsgSendSchema>;

export const ZMsgSendResultSchema = z.object({
  msgId: z.string().describe('消息ID'),
  recipients: z.number().describe('接收人数'),
});

export const ZSentMsgSchema = z.object({
  id: z.string().describe('消息ID'),
  title: z.string().describe('标题'),
  content: z.string().describe('内容'),
  senderName: z.string().nullable().describe('发送人'),
  recipients: z.number().describe('接收人数'),
  readCount: z.number().describe('已读人数'),
  createdAt: z.string().describe('发送时间'),
});
export type TSentMsg = z.infer<typeof ZSentMsgSchema>;

export const ZSentMsgPagingParamsSchema = z.object({
  keyword: z.string().trim().max(64).nullish().describe('关键字'),
});

/**
 * The teaching assistant (学习助教): its settings (dictionary aiExam_conf), the learner's
 * chat and 讲解这道题 (streamed answers), and the administrators' helpers (drafted questions, a
 * suggested score). The streamed calls answer NDJSON lines (`TAssistantChunk`), or the usual
 * envelope when refused before the first line.
 */
import { z } from 'zod';
import { ZQuAnswerSchema, ZQuOptionSchema } from './repo/qu.js';

/** The dictionary holding the settings (SPEC 3), and the value (code) of each setting's row. */
export const ASSISTANT_DIC = 'aiExam_conf';
export const ASSISTANT_KEYS = {
  enabled: 'assistant_enabled',
  baseUrl: 'assistant_url',
  model: 'assistant_model',
  apiKey: 'assistant_api_key',
  audit: 'assistant_audit',
  invite: 'llm_local_invite',
  dailyTokens: 'assistant_daily_tokens',
  perMinute: 'assistant_per_minute',
  timeoutSeconds: 'assistant_timeout_seconds',
} as const;

/** The streamed calls (fetch + ReadableStream; the token header as for every call). */
export const ASSISTANT_CHAT_PATH = '/api/assistant/chat';
export const ASSISTANT_EXPLAIN_PATH = '/api/assistant/explain';

export const ZAssistantConfSchema = z.object({
  enabled: z.boolean().describe('启用学习助教'),
  baseUrl: z
    .string()
    .trim()
    .max(300)
    .regex(/^(https?:\/\/\S+)?$/, '接口地址须以 http:// 或 https:// 开头')
    .describe('接口地址'),
  model: z.string().trim().max(100).describe('模型名称'),
  /** Masked when read (sk-****abcd); on save, empty keeps the stored key. */
  apiKey: z.string().trim().max(300).nullish().describe('API Key'),
  hasKey: z.boolean().optional().describe('已设置 API Key'),
  audit: z.boolean().describe('记录对话内容'),
  invite: z.boolean().describe('显示体验邀请'),
  dailyTokens: z.number().int().min(0).max(10_000_000).describe('每人每日 Token 上限'),
  perMinute: z.number().int().min(1).max(600).describe('每人每分钟调用上限'),
  timeoutSeconds: z.number().int().min(1).max(600).describe('超时（秒）'),
});
export type TAssistantConf = z.infer<typeof ZAssistantConfSchema>;

export const ZAssistantStatusSchema = z.object({
  enabled: z.boolean().describe('已启用'),
  reachable: z.boolean().describe('可访问'),
  invite: z.boolean().describe('显示邀请'),
});
export type TAssistantStatus = z.infer<typeof ZAssistantStatusSchema>;

export const ZAssistantMsgSchema = z.object({
  id: z.string().describe('消息ID'),
  role: z.enum(['user', 'assistant']).describe('角色'),
  content: z.string().describe('内容'),
  createdAt: z.string().describe('时间'),
});
export type TAssistantMsg = z.infer<typeof ZAssistantMsgSchema>;

export const ZAssistantChatSchema = z.object({
  content: z.string().trim().min(1, '请输入问题').max(2000, '问题不能超过2000个字').describe('问题'),
});

export const ZAssistantExplainSchema = z.object({
  quId: z.string().min(1).max(40).describe('试题ID'),
  /** The learner's handed-in paper the question is in (result page); its answer is read there. */
  paperId: z.string().min(1).max(40).nullish().describe('试卷ID'),
  /** The learner's own answer as the page shows it (wrong-answer book, practice feedback). */
  myAnswer: z.string().max(5000).nullish().describe('我的答案'),
});
export type TAssistantExplain = z.infer<typeof ZAssistantExplainSchema>;

/** One NDJSON line of a streamed answer. */
export type TAssistantChunk = { t: 'delta'; d: string } | { t: 'done'; tokens: number } | { t: 'error'; msg: string };

/** The most material one draft call sends to the model (characters): the model's budget. */
export const ASSISTANT_DRAFT_TEXT_MAX = 20_000;
/** The largest course document read for drafting. */
export const ASSISTANT_DOC_MAX_BYTES = 10 * 1024 * 1024;
/** The course documents read for drafting, by extension. */
export const ASSISTANT_DOC_EXTENSIONS = ['.docx', '.pdf', '.txt', '.md'] as const;

export const ZAssistantDraftSchema = z.object({
  text: z
    .string()
    .trim()
    .min(10, '请粘贴至少10个字的材料')
    .max(ASSISTANT_DRAFT_TEXT_MAX, `材料不能超过${ASSISTANT_DRAFT_TEXT_MAX}个字`)
    .describe('材料'),
  types: z.array(z.number().int()).min(1, '请至少选择一种题型').max(8).describe('题型'),
  count: z.number().int().min(1).max(20).default(5).describe('题目数量'),
});

/** The text read from an uploaded course document, to draft from (nothing is kept on the server). */
export const ZAssistantDocTextSchema = z.object({
  fileName: z.string().describe('文件名'),
  text: z.string().describe('材料'),
  chars: z.number().int().describe('文档字数'),
  truncated: z.boolean().describe('是否截断'),
  note: z.string().nullable().describe('说明'),
});
export type TAssistantDocText = z.infer<typeof ZAssistantDocTextSchema>;

/** A drafted question: the question save form without banks; the administrator reviews it. */
export const ZAssistantDraftQuSchema = z.object({
  type: z.number().int().describe('题型'),
  level: z.union([z.literal(1), z.literal(2)]).describe('难度'),
  content: z.string().describe('题目内容'),
  analysis: z.string().nullable().describe('解析'),
  options: z.array(ZQuOptionSchema).describe('选项'),
  answer: ZQuAnswerSchema.describe('答案'),
  children: z
    .array(
      z.object({
        type: z.number().int(),
        level: z.union([z.literal(1), z.literal(2)]),
        content: z.string(),
        analysis: z.string().nullable(),
        options: z.array(ZQuOptionSchema),
        answer: ZQuAnswerSchema,
      }),
    )
    .describe('子题'),
});
export type TAssistantDraftQu = z.infer<typeof ZAssistantDraftQuSchema>;

export const ZAssistantMarkSuggestSchema = z.object({
  paperId: z.string().min(1).max(40).describe('试卷ID'),
  quId: z.string().min(1).max(40).describe('试题ID'),
});
export const ZAssistantMarkSuggestionSchema = z.object({
  score: z.number().describe('建议得分'),
  maxScore: z.number().describe('满分'),
  reasons: z.string().describe('理由'),
});
export type TAssistantMarkSuggestion = z.infer<typeof ZAssistantMarkSuggestionSchema>;

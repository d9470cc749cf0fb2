/**
 * The administrators' helpers: questions drafted from pasted text (answered for the
 * administrator to review, edit and save through the usual question save; nothing is saved here)
 * and a suggested score with reasons for a short answer (shown beside the keyword suggestion; never
 * applied). Both are one call without streaming, logged like the learners' ones.
 */
import {
  ErrorCode,
  QUESTION_TYPE_LABELS,
  type TAssistantDraftQu,
  type TAssistantMarkSuggestion,
} from '@exam/contracts';
import type { AuthUser } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { loadScopedPaper } from '../sitting/mark.service.js';
import { paperQuestionRow } from '../sitting/reads/others.js';
import type { AssistantSettings } from './assistant-config.js';
import { complete, LlmError, type LlmMessage } from './llm.js';
import { answerText, plainText } from './prompts.js';
import { type CallKind, finishCall, reserveCall } from './usage.js';

/** One logged call without streaming; model failures become 30010003 with their Chinese message. */
export async function callOnce(
  db: Db,
  userId: string,
  kind: CallKind,
  s: AssistantSettings,
  now: Date,
  zone: string,
  messages: LlmMessage[],
): Promise<string> {
  const { id, maxTokens } = await reserveCall(db, userId, kind, s, messages, now, zone);
  const started = performance.now();
  const prompt = messages.map((m) => `${m.role}: ${m.content}`).join('\n');
  try {
    const { text, usage } = await complete(s, messages, { maxTokens });
    await finishCall(db, id, s, { outcome: 'ok', usage, latencyMs: performance.now() - started, prompt, answer: text });
    return text;
  } catch (err) {
    const e = err instanceof LlmError ? err : new LlmError('upstream', String(err));
    const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
    await finishCall(db, id, s, {
      outcome: e.outcome,
      usage,
      latencyMs: performance.now() - started,
      prompt,
      answer: '',
    });
    throw new AppError(ErrorCode.ASSISTANT_UPSTREAM, e.message);
  }
}

/** The first JSON object or array in a model's answer (models like to wrap it in prose or ```json). */
export function jsonIn(text: string): unknown {
  const fenced = text.match(/```(?:json)?\s*([\s\S]*?)```/);
  const body = fenced ? fenced[1] : text;
  const start = body.search(/[[{]/);
  if (start < 0) return null;
  const open = body[start];
  const end = body.lastIndexOf(open === '{' ? '}' : ']');
  try {
    return JSON.parse(body.slice(start, end + 1));
  } catch {
    return null;
  }
}

const DRAFT_FORMAT = `只输出 JSON：{"questions":[{"type":题型编号,"level":1或2,"content":"题干","analysis":"解析",
"options":[{"key":"A","content":"选项","isRight":true}],"answer":{...},"children":[]}]}。
题型编号：1 单选，2 多选，3 判断（options 为 A 正确、B 错误），4 简答（answer: {"reference":"参考答案","keywords":[{"word":"关键词","weight":1}]}），
5 填空（题干中用 ____ 表示空，answer: {"blanks":[{"answers":["可接受答案"]}]}），
6 匹配（answer: {"left":[{"key":"1","content":""}],"right":[{"key":"A","content":""}],"pairs":[{"left":"1","right":"A"}]}），
7 排序（options 为待排序的各项，answer: {"order":["B","A","C"]} 为正确顺序），
99 组合（children 为若干小题，格式同上）。`;

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** A drafted question as the editor takes it; null for one that cannot be a question of an asked kind. */
export function normaliseDraft(raw: unknown, types: number[]): TAssistantDraftQu | null {
  if (!raw || typeof raw !== 'object') return null;
  const q = raw as Record<string, unknown>;
  const type = Number(q.type);
  if (!types.includes(type) || !str(q.content).trim()) return null;
  const one = (x: Record<string, unknown>, t: number) => {
    const options = Array.isArray(x.options)
      ? x.options.slice(0, 8).map((o: Record<string, unknown>, i: number) => ({
          key: String.fromCharCode(65 + i),
          content: str(o?.content),
          isRight: o?.isRight === true || o?.isRight === 'true',
        }))
      : [];
    const answer = x.answer && typeof x.answer === 'object' ? (x.answer as Record<string, unknown>) : {};
    return {
      type: t,
      level: (Number(x.level) === 2 ? 2 : 1) as 1 | 2,
      content: str(x.content),
      analysis: str(x.analysis) || null,
      options: [1, 2, 3, 7].includes(t) ? options : [],
      answer,
    };
  };
  const children =
    type === 99 && Array.isArray(q.children)
      ? q.children
          .filter((c) => c && typeof c === 'object' && [1, 2, 3, 4, 5, 6, 7].includes(Number(c.type)))
          .map((c) => one(c as Record<string, unknown>, Number(c.type)))
      : [];
  return { ...one(q, type), children };
}

export async function draftQuestions(
  db: Db,
  user: AuthUser,
  s: AssistantSettings,
  body: { text: string; types: number[]; count: number },
  now: Date,
  zone: string,
): Promise<TAssistantDraftQu[]> {
  const kinds = body.types.map((t) => `${t} ${QUESTION_TYPE_LABELS[t] ?? ''}`).join('、');
  const text = await callOnce(db, user.id, 'draft', s, now, zone, [
    { role: 'system', content: `你是出题助手，根据材料编写考试题目，题目须有明确答案和解析。${DRAFT_FORMAT}` },
    { role: 'user', content: `请根据以下材料出 ${body.count} 道题，题型限于：${kinds}。\n材料：\n${body.text}` },
  ]);
  const parsed = jsonIn(text) as { questions?: unknown[] } | unknown[] | null;
  const list = Array.isArray(parsed) ? parsed : Array.isArray(parsed?.questions) ? parsed.questions : [];
  const drafts = list.map((q) => normaliseDraft(q, body.types)).filter((q): q is TAssistantDraftQu => q !== null);
  if (!drafts.length) throw new AppError(ErrorCode.ASSISTANT_UPSTREAM, '大模型没有给出可用的题目，请调整材料后重试');
  return drafts.slice(0, body.count);
}

export async function suggestMark(
  db: Db,
  user: AuthUser,
  s: AssistantSettings,
  body: { paperId: string; quId: string },
  now: Date,
  zone: string,
): Promise<TAssistantMarkSuggestion> {
  await loadScopedPaper(db, user, body.paperId);
  const row = await paperQuestionRow(db, body.paperId, body.quId);
  if (!row) throw notFound('试题');
  if (row.type !== 4) throw new AppError(ErrorCode.BAD_PARAMS, '只有简答题可以给出建议评分');
  const text = await callOnce(db, user.id, 'mark', s, now, zone, [
    {
      role: 'system',
      content:
        '你是阅卷助手。根据题目、参考答案和学员作答给出建议得分（0 到满分，可有 0.5 分）和简短理由。只输出 JSON：{"score":数字,"reasons":"理由"}',
    },
    {
      role: 'user',
      content: [
        `题目：${plainText(row.content)}`,
        `满分：${row.score}`,
        `参考答案：${answerText(row.refAnswer)}`,
        `学员作答：${answerText(row.answer) || '（未作答）'}`,
      ].join('\n'),
    },
  ]);
  const parsed = jsonIn(text) as { score?: unknown; reasons?: unknown } | null;
  const score = Number(parsed?.score);
  if (!parsed || !Number.isFinite(score))
    throw new AppError(ErrorCode.ASSISTANT_UPSTREAM, '大模型没有给出有效的建议分');
  return {
    score: Math.min(row.score, Math.max(0, Math.round(score * 2) / 2)),
    maxScore: row.score,
    reasons: str(parsed.reasons),
  };
}

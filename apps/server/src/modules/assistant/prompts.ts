/** What the assistant is told; plain functions, unit-tested. */
import { QUESTION_TYPE_LABELS } from '@exam/contracts';
import type { LlmMessage } from './llm.js';

/** Rich question text (HTML) as plain text; formulas keep their LaTeX. */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<span[^>]*data-latex="([^"]*)"[^>]*>.*?<\/span>/g, (_, tex) => ` $${tex}$ `)
    .replace(/<br\s*\/?>|<\/p>|<\/li>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const STYLE = '请用简体中文回答，条理清楚；可以使用 Markdown，公式用 LaTeX（行内 $...$，独立成行 $$...$$）。';

export function chatSystemPrompt(siteName: string, banks: string[], courses: string[]): string {
  const lines = [
    `你是“${siteName}”在线考试培训平台的学习助教，帮助学员理解知识、练习和复习。${STYLE}`,
    '不要编造平台中不存在的考试安排或成绩。',
  ];
  if (banks.length) lines.push(`学员可以练习的题库：${banks.join('、')}。`);
  if (courses.length) lines.push(`学员的课程：${courses.join('、')}。`);
  return lines.join('\n');
}

export interface ExplainInput {
  type: number;
  content: string;
  options: { key: string; content: string }[];
  rightAnswer: string;
  myAnswer: string;
  analysis: string | null;
}

export function explainMessages(siteName: string, q: ExplainInput): LlmMessage[] {
  const parts = [
    `题型：${QUESTION_TYPE_LABELS[q.type] ?? '试题'}`,
    `题目：${plainText(q.content)}`,
    ...(q.options.length ? [`选项：\n${q.options.map((o) => `${o.key}. ${plainText(o.content)}`).join('\n')}`] : []),
    `正确答案：${q.rightAnswer || '（无）'}`,
    `我的答案：${q.myAnswer || '（未作答）'}`,
    ...(q.analysis ? [`解析：${plainText(q.analysis)}`] : []),
  ];
  return [
    {
      role: 'system',
      content: `你是“${siteName}”的学习助教。学员已经作答了下面这道题，请讲解：考查的知识点、正确答案为什么对、学员的答案哪里对哪里错、以及如何记忆。${STYLE}`,
    },
    { role: 'user', content: `请讲解这道题。\n${parts.join('\n')}` },
  ];
}

/** A short line for the history: which question was explained. */
export const explainTitle = (content: string): string => {
  const text = plainText(content).replace(/\s+/g, ' ');
  return `讲解这道题：${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
};

/** Any stored answer value as text (option letters, blanks, pairs, a short answer). */
export function answerText(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string') return plainText(value);
  if (Array.isArray(value)) return value.map(answerText).filter(Boolean).join('；');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('text' in o && typeof o.text === 'string') return plainText(o.text);
    return Object.entries(o)
      .filter(([, v]) => v != null && v !== '' && !(Array.isArray(v) && !v.length))
      .map(([k, v]) => `${k}: ${answerText(v)}`)
      .join('；');
  }
  return String(value);
}

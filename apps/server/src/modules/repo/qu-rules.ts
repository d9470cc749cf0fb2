/**
 * The rules of a question, per type (issue 4 §1), as pure functions: `normaliseQuestion` turns
 * the saved input into the stored shape (sanitised rich text, option keys A..H, only the answer
 * fields of the type) and `checkQuestion` lists every broken rule with its own Chinese message.
 * Used by the save call, the xlsx import and the docx import alike.
 */
import {
  countBlanks,
  hasRichContent,
  QUESTION_TYPE_LABELS,
  QuestionType,
  type TQuAnswer,
  type TQuChildSave,
} from '@exam/contracts';
import type { QuestionAnswer, QuestionOption } from '../../db/schema/repo.js';
import { sanitizeRichText } from '../../platform/sanitize-html.js';

/** A question ready to store (children of a composite included). */
export interface NormalQuestion {
  id?: string | null;
  type: number;
  level: number;
  content: string;
  analysis: string | null;
  options: QuestionOption[];
  answer: QuestionAnswer;
  children: NormalQuestion[];
}

/** A broken rule: the field it concerns and the message shown to the user. */
export interface RuleIssue {
  field: string;
  message: string;
}

export const OPTION_KEYS = 'ABCDEFGH';

const CHOICE_TYPES: number[] = [QuestionType.SINGLE, QuestionType.MULTIPLE, QuestionType.JUDGE];

/** Turns saved input into the stored shape; children only for a composite. */
export function normaliseQuestion(input: TQuChildSave & { children?: TQuChildSave[] }): NormalQuestion {
  const type = input.type;
  const options = CHOICE_TYPES.includes(type)
    ? input.options.map((o, i) => ({
        key: OPTION_KEYS[i] ?? String(i + 1),
        content: sanitizeRichText(o.content),
        isRight: Boolean(o.isRight),
      }))
    : [];
  return {
    id: input.id ?? null,
    type,
    level: input.level ?? 1,
    content: sanitizeRichText(input.content),
    analysis: input.analysis ? sanitizeRichText(input.analysis) || null : null,
    options,
    answer: normaliseAnswer(type, input.answer ?? {}),
    children: type === QuestionType.COMPOSITE ? (input.children ?? []).map((c) => normaliseQuestion(c)) : [],
  };
}

function normaliseAnswer(type: number, a: TQuAnswer): QuestionAnswer {
  switch (type) {
    case QuestionType.SHORT_ANSWER:
      return {
        reference: sanitizeRichText(a.reference ?? ''),
        keywords: (a.keywords ?? []).map((k) => ({ word: k.word.trim(), weight: k.weight ?? 1 })),
      };
    case QuestionType.FILL_BLANK:
      return {
        blanks: (a.blanks ?? []).map((b) => ({ answers: b.answers.map((s) => s.trim()).filter(Boolean) })),
        caseSensitive: Boolean(a.caseSensitive),
        widthSensitive: Boolean(a.widthSensitive),
        orderMatters: a.orderMatters ?? true,
      };
    case QuestionType.MATCHING: {
      // Canonical keys (left 1..n, right A..H) so that every format writes the same question.
      const leftMap = new Map<string, string>();
      const rightMap = new Map<string, string>();
      const left = (a.left ?? []).map((it, i) => {
        const key = String(i + 1);
        if (it.key && !leftMap.has(it.key)) leftMap.set(it.key, key);
        return { key, content: sanitizeRichText(it.content) };
      });
      const right = (a.right ?? []).map((it, i) => {
        const key = OPTION_KEYS[i] ?? String(i + 1);
        if (it.key && !rightMap.has(it.key)) rightMap.set(it.key, key);
        return { key, content: sanitizeRichText(it.content) };
      });
      const pairs = (a.pairs ?? []).map((p) => ({
        left: leftMap.get(p.left) ?? p.left,
        right: rightMap.get(p.right) ?? p.right,
      }));
      return { left, right, pairs };
    }
    default:
      return {};
  }
}

/** Every broken rule of a normalised question (children prefixed with their position). */
export function checkQuestion(q: NormalQuestion, isChild = false): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });
  if (!(q.type in QUESTION_TYPE_LABELS)) {
    add('type', '题型不正确');
    return issues;
  }
  if (!hasRichContent(q.content)) add('content', '题目内容不能为空');
  const label = QUESTION_TYPE_LABELS[q.type];
  const rights = q.options.filter((o) => o.isRight).length;
  q.options.forEach((o) => {
    if (!hasRichContent(o.content)) add('options', `选项${o.key}的内容不能为空`);
  });
  switch (q.type) {
    case QuestionType.SINGLE:
      if (q.options.length < 2) add('options', '单选题至少需要两个选项');
      if (rights !== 1) add('options', '单选题必须有且只有一个正确选项');
      break;
    case QuestionType.MULTIPLE:
      if (q.options.length < 2) add('options', '多选题至少需要两个选项');
      if (rights < 1) add('options', '多选题至少需要一个正确选项');
      break;
    case QuestionType.JUDGE:
      if (q.options.length !== 2) add('options', '判断题必须有且只有两个选项');
      if (rights !== 1) add('options', '判断题必须有且只有一个正确选项');
      break;
    case QuestionType.SHORT_ANSWER:
      checkShortAnswer(q.answer as Extract<QuestionAnswer, { reference: string }>, add);
      break;
    case QuestionType.FILL_BLANK:
      checkFillBlank(q, add);
      break;
    case QuestionType.MATCHING:
      checkMatching(q.answer as Extract<QuestionAnswer, { pairs: unknown }>, add);
      break;
    case QuestionType.COMPOSITE:
      if (isChild) {
        add('children', '组合题的子题不能是组合题');
        break;
      }
      if (q.children.length === 0) add('children', '组合题至少需要一道子题');
      q.children.forEach((c, i) => {
        if (c.type === QuestionType.COMPOSITE) add('children', `第${i + 1}道子题：组合题的子题不能是组合题`);
        else
          for (const issue of checkQuestion(c, true))
            add(`children.${i}.${issue.field}`, `第${i + 1}道子题：${issue.message}`);
      });
      break;
  }
  if (!CHOICE_TYPES.includes(q.type) && q.options.length > 0) add('options', `${label}不需要选项`);
  return issues;
}

type Add = (field: string, message: string) => void;

function checkShortAnswer(a: { reference: string; keywords: { word: string; weight: number }[] }, add: Add) {
  if (!hasRichContent(a.reference)) add('answer.reference', '简答题的参考答案不能为空');
  a.keywords.forEach((k, i) => {
    if (!k.word) add('answer.keywords', `第${i + 1}个得分关键词不能为空`);
    if (!(k.weight > 0)) add('answer.keywords', `得分关键词“${k.word}”的权重必须大于0`);
  });
  const words = a.keywords.map((k) => k.word);
  if (new Set(words).size !== words.length) add('answer.keywords', '得分关键词不能重复');
}

function checkFillBlank(q: NormalQuestion, add: Add) {
  const a = q.answer as { blanks: { answers: string[] }[] };
  const inContent = countBlanks(q.content);
  if (inContent === 0) add('content', '填空题的内容中至少需要一个空');
  if (a.blanks.length !== inContent)
    add('answer.blanks', `题目内容中有${inContent}个空，但给出了${a.blanks.length}个空的答案`);
  a.blanks.forEach((b, i) => {
    if (b.answers.length === 0) add('answer.blanks', `第${i + 1}个空至少需要一个答案`);
  });
}

function checkMatching(
  a: {
    left: { key: string; content: string }[];
    right: { key: string; content: string }[];
    pairs: { left: string; right: string }[];
  },
  add: Add,
) {
  if (a.left.length < 1) add('answer.left', '匹配题至少需要一个左侧项');
  if (a.right.length < 1) add('answer.right', '匹配题至少需要一个右侧项');
  const leftKeys = a.left.map((l) => l.key);
  const rightKeys = a.right.map((r) => r.key);
  a.left.forEach((l, i) => {
    if (!hasRichContent(l.content)) add('answer.left', `左侧第${i + 1}项的内容不能为空`);
  });
  a.right.forEach((r, i) => {
    if (!hasRichContent(r.content)) add('answer.right', `右侧第${i + 1}项的内容不能为空`);
  });
  a.left.forEach((l, i) => {
    const n = a.pairs.filter((p) => p.left === l.key).length;
    if (n !== 1) add('answer.pairs', `左侧第${i + 1}项必须有且只有一个匹配项`);
  });
  for (const p of a.pairs) {
    if (!leftKeys.includes(p.left)) add('answer.pairs', `匹配关系引用了不存在的左侧项“${p.left}”`);
    if (!rightKeys.includes(p.right)) add('answer.pairs', `匹配关系引用了不存在的右侧项“${p.right}”`);
  }
}

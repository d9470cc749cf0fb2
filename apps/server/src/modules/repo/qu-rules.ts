/**
 * The rules of a question, as pure functions: `normaliseQuestion` turns the saved
 * input into the stored shape (sanitised rich text, only the options and answer fields of its kind)
 * and `checkQuestion` lists every broken rule with its own Chinese message. The per-kind rules live
 * in kinds/<kind>/ (kinds/registry.ts). Used by the save call, the xlsx and the docx import alike.
 */
import { hasRichContent, QUESTION_TYPE_LABELS, type TQuChildSave } from '@exam/contracts';
import { sanitizeRichText } from '../../platform/sanitize-html.js';
import { findKind } from './kinds/registry.js';
import type { NormalQuestion } from './kinds/types.js';

export { OPTION_KEYS } from './kinds/shared.js';
export type { NormalQuestion } from './kinds/types.js';

/** A broken rule: the field it concerns and the message shown to the user. */
export interface RuleIssue {
  field: string;
  message: string;
}

/** Turns saved input into the stored shape; children only for a composite. */
export function normaliseQuestion(input: TQuChildSave & { children?: TQuChildSave[] }): NormalQuestion {
  const kind = findKind(input.type);
  const options = kind?.normaliseOptions ? kind.normaliseOptions(input.options) : [];
  return {
    id: input.id ?? null,
    type: input.type,
    level: input.level ?? 1,
    content: sanitizeRichText(input.content),
    analysis: input.analysis ? sanitizeRichText(input.analysis) || null : null,
    options,
    answer: kind ? kind.normaliseAnswer(input.answer ?? {}, options) : {},
    children: kind?.composite ? (input.children ?? []).map((c) => normaliseQuestion(c)) : [],
  };
}

/** Every broken rule of a normalised question (children prefixed with their position). */
export function checkQuestion(q: NormalQuestion, isChild = false): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });
  const kind = findKind(q.type);
  if (!kind || !(q.type in QUESTION_TYPE_LABELS)) {
    add('type', '题型不正确');
    return issues;
  }
  if (!hasRichContent(q.content)) add('content', '题目内容不能为空');
  kind.check(q, add, isChild);
  if (kind.composite && !isChild)
    q.children.forEach((c, i) => {
      if (findKind(c.type)?.composite) add('children', `第${i + 1}道子题：组合题的子题不能是组合题`);
      else
        for (const issue of checkQuestion(c, true))
          add(`children.${i}.${issue.field}`, `第${i + 1}道子题：${issue.message}`);
    });
  if (kind.options === 'none' && q.options.length > 0) add('options', `${QUESTION_TYPE_LABELS[q.type]}不需要选项`);
  return issues;
}

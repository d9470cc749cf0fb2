/**
 * Turns zod issues into one Chinese sentence that names the field (DESIGN 4: "msg names the field").
 * Field labels come from `.describe()` on the schema; messages come from zod's zh-CN locale or the schema.
 */
import { z } from 'zod';

z.config(z.locales.zhCN());
// A missing field reads "密码：不能为空" rather than the locale's "期望 string，实际接收 undefined".
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? '不能为空' : undefined),
});

interface IssueLike {
  instancePath?: string;
  message?: string;
}

/** Walks an object schema along a path and returns the description of the field it reaches. */
export function labelAt(schema: unknown, segments: string[]): string | null {
  let current = schema as z.ZodType | undefined;
  let label: string | null = null;
  for (const segment of segments) {
    current = unwrap(current);
    if (current instanceof z.ZodObject) current = current.shape[segment] as z.ZodType | undefined;
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else return label;
    const description = describe(current);
    if (description) label = description;
  }
  return label;
}

function describe(schema: z.ZodType | undefined): string | undefined {
  let s: z.ZodType | undefined = schema;
  for (let i = 0; s && i < 6; i++) {
    if (s.description) return s.description;
    s = unwrapOnce(s);
  }
  return undefined;
}

function unwrapOnce(schema: z.ZodType): z.ZodType | undefined {
  const def = (schema as { def?: { innerType?: z.ZodType; in?: z.ZodType; schema?: z.ZodType } }).def;
  return def?.innerType ?? def?.in ?? def?.schema;
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let s = schema;
  for (let i = 0; s && i < 6; i++) {
    if (s instanceof z.ZodObject || s instanceof z.ZodArray) return s;
    const inner = unwrapOnce(s);
    if (!inner) return s;
    s = inner;
  }
  return s;
}

/** One message for the first issue: "字段：问题", unless the message already names the field. */
export function validationMessage(issues: IssueLike[], schema: unknown): string {
  const first = issues[0];
  if (!first) return '参数错误';
  const segments = (first.instancePath ?? '').split('/').filter(Boolean);
  const label = labelAt(schema, segments) ?? segments.filter((s) => !/^\d+$/.test(s)).pop() ?? null;
  const message = first.message ?? '参数错误';
  if (!label || message.includes(label)) return message;
  return `${label}：${message}`;
}

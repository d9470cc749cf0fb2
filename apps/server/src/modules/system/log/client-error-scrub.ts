/**
 * What of a browser's error report may be stored (passwords typed into forms that
 * failed validation reached the client-error log as JSON). Older or foreign clients may still send
 * values, so the server keeps only descriptions: a JSON message becomes the names of its keys,
 * secrets in text are scrubbed (logger.ts), and the page address loses its query and hash.
 */
import type { TClientError } from '@exam/contracts';
import { scrubText } from '../../../platform/logger.js';

function describeJson(message: string): string | null {
  const text = message.trim();
  if (!/^[[{]/.test(text)) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object') return null;
    const fields = (value as { errorFields?: { name?: unknown }[] }).errorFields;
    if (Array.isArray(fields)) {
      const names = fields.map((f) => (Array.isArray(f?.name) ? f.name.join('.') : String(f?.name ?? '')));
      return `表单校验未通过：${names.filter(Boolean).slice(0, 20).join('、')}`;
    }
    return `非 Error 对象的异常（字段：${Object.keys(value).slice(0, 20).join('、')}）`;
  } catch {
    return '非 Error 对象的异常（内容未保存）';
  }
}

const pageOf = (url: string) => url.split(/[?#]/)[0];

export function scrubClientError(input: TClientError): TClientError {
  return {
    message: describeJson(input.message) ?? scrubText(input.message),
    stack: input.stack ? scrubText(input.stack) : input.stack,
    url: input.url ? pageOf(input.url) : input.url,
    userAgent: input.userAgent,
  };
}

/**
 * Input no database column can hold: a NUL character (PostgreSQL text refuses U+0000, so it used to
 * surface as a 500 whose log carried the failed query's parameters). Refused up front with
 * 10010001 naming the field, for JSON bodies of every route.
 */
import type { FastifyInstance } from 'fastify';
import { badParams } from './errors.js';
import { labelAt } from './zod-messages.js';

const NUL = '\u0000';

/** The path of the first string (value or key) holding a NUL character, or null. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (!value || typeof value !== 'object' || depth > 64) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '')];
    const found = findNul(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** True for PostgreSQL data exceptions (class 22: bad encoding, value too long, out of range...). */
export function isDataException(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = findNul(request.body);
    if (!path) return;
    const schema = (request.routeOptions.schema as { body?: unknown } | undefined)?.body;
    const label = labelAt(schema, path) ?? (path.filter((s) => !/^\d+$/.test(s)).pop() || '请求参数');
    throw badParams(`${label}：不能包含空字符（\\u0000）`);
  });
}

/** The operation log of administrator writes: who, what, when, parameters without secrets. */
import { sysLog } from '../db/schema/index.js';
import type { Executor } from './db.js';

export const LogType = { LOGIN: 1, OPERATION: 2, CLIENT_ERROR: 3 } as const;

const SECRET_KEY = /pass|token|secret|code$|captcha|key/i;

/** Copies parameters with secret values masked, bounded in size. */
export function redactParams(value: unknown, depth = 0): unknown {
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redactParams(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value))
      out[key] = SECRET_KEY.test(key) ? '******' : redactParams(v, depth + 1);
    return out;
  }
  if (typeof value === 'string' && value.length > 500) return `${value.slice(0, 500)}…`;
  return value;
}

interface AuditSource {
  optionalUser: { id: string; userName: string } | null;
  body: unknown;
  ip: string;
  userAgent: string | null;
}

/** A row of the log: sys_log is the platform's, modules write it through here. */
export type LogRow = typeof sysLog.$inferInsert;

export async function writeLog(db: Executor, row: LogRow): Promise<void> {
  await db.insert(sysLog).values(row);
}

export async function writeAuditLog(
  db: Executor,
  ctx: AuditSource,
  title: string,
  path: string,
  success: boolean,
  message: string | null,
  durationMs: number,
): Promise<void> {
  await writeLog(db, {
    type: LogType.OPERATION,
    userId: ctx.optionalUser?.id ?? null,
    userName: ctx.optionalUser?.userName ?? null,
    title,
    path,
    params: redactParams(ctx.body ?? null) as object,
    success,
    message,
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 300) ?? null,
    durationMs,
  });
}

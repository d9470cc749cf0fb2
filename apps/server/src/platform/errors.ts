/** AppError: the one way services report a business error (answered as `{code, msg}`). */
import { ErrorCode, ErrorMessage } from '@exam/contracts';

export class AppError extends Error {
  constructor(
    readonly code: number,
    message?: string,
    readonly data: unknown = null,
  ) {
    super(message ?? ErrorMessage[code] ?? '操作失败');
    this.name = 'AppError';
  }
}

export const badParams = (msg: string) => new AppError(ErrorCode.BAD_PARAMS, msg);
export const notFound = (what = '数据') => new AppError(ErrorCode.NOT_FOUND, `${what}不存在或已被删除`);
export const noPermission = (msg?: string) => new AppError(ErrorCode.NO_PERMISSION, msg);
export const conflict = (msg: string) => new AppError(ErrorCode.CONFLICT, msg);
export const duplicate = (msg: string) => new AppError(ErrorCode.DUPLICATE, msg);

/** True when a database error is a unique-constraint violation (PostgreSQL 23505), on pg and PGlite alike. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

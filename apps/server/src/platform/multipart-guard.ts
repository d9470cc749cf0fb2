/**
 * A multipart body the parser cannot read (no boundary in the content type, a boundary over 256
 * characters, a part or the whole body cut short) is bad input: refused with 10010001 and one
 * Chinese message, never a 500. busboy (under @fastify/multipart) throws plain Errors for these,
 * so they are known by their messages; the error handler and every multipart route
 * (route.ts postMultipart) ask here.
 */
import { AppError, badParams } from './errors.js';

const MALFORMED = [
  /^Multipart: Boundary not found$/,
  /unexpected end of multipart data$/i,
  /^Boundary required$/,
  /^The needle cannot/,
  /^Unsupported Content-Type\.$/,
  /^Missing Content-Type-header\.$/,
];

export const MALFORMED_MULTIPART = '上传内容格式不正确（缺少分隔符或数据不完整），请重新选择文件上传';

/** True for busboy's refusals of a malformed body (the error or one of its causes). */
export function isMalformedMultipart(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e instanceof AppError) return false;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && MALFORMED.some((re) => re.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The refusal a malformed multipart body answers, or the error as it is. */
export const multipartRefusal = (err: unknown): unknown =>
  isMalformedMultipart(err) ? badParams(MALFORMED_MULTIPART) : err;

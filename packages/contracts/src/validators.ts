/**
 * The validation rules of SPEC 5, shared by the web forms and the server schemas.
 * Each rule is a plain predicate plus its fixed message, and a zod schema built from them.
 */
import { z } from 'zod';

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const MOBILE_MESSAGE = '手机号码格式不正确!';
export const PASSWORD_MESSAGE = '密码至少6位，且必须同时包含字母和数字';
export const URL_EMPTY_MESSAGE = 'URL不能为空！';
export const URL_MESSAGE = 'URL格式不正确！';
export const URL_SLASH_MESSAGE = 'URL必须以/结尾！';
export const DIR_EMPTY_MESSAGE = '目录不能为空！';
export const DIR_MESSAGE = '目录必须以/或盘符开头，并以/结尾！';
export const TIME_RANGE_MESSAGE = '时间段不能为空！';

const URL_PATTERN =
  /^https?:\/\/(([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?\.)+[a-zA-Z]{2,}|localhost|(\d{1,3}\.){3}\d{1,3})(:\d{1,5})?(\/[^\s]*)?$/;
const DIR_PATTERN = /^([a-zA-Z]:)?[/\\]([^<>:"|?*\n]*[/\\])?$|^([a-zA-Z]:[/\\])$/;

export const isMobile = (v: string): boolean => MOBILE_PATTERN.test(v);
export const isOptionalMobile = (v: string | null | undefined): boolean => !v || MOBILE_PATTERN.test(v);
export const isPassword = (v: string): boolean => v.length >= 6 && /[a-zA-Z]/.test(v) && /\d/.test(v);
export const isUrl = (v: string): boolean => URL_PATTERN.test(v);
export const isUrlWithSlash = (v: string): boolean => isUrl(v) && v.endsWith('/');
export const isDirectory = (v: string): boolean => DIR_PATTERN.test(v) && /[/\\]$/.test(v);
export const isTimeRange = (v: readonly unknown[] | null | undefined): boolean =>
  Array.isArray(v) && v.length === 2 && v.every((end) => end !== null && end !== undefined && end !== '');

/** Returns the SPEC 5 message for a URL, or null when valid. */
export function urlError(v: string | null | undefined, requireSlash = false): string | null {
  if (!v) return URL_EMPTY_MESSAGE;
  if (!isUrl(v)) return URL_MESSAGE;
  if (requireSlash && !v.endsWith('/')) return URL_SLASH_MESSAGE;
  return null;
}

/** Returns the SPEC 5 message for a directory, or null when valid. */
export function directoryError(v: string | null | undefined): string | null {
  if (!v) return DIR_EMPTY_MESSAGE;
  return isDirectory(v) ? null : DIR_MESSAGE;
}

export const zMobile = z.string().regex(MOBILE_PATTERN, MOBILE_MESSAGE);
export const zOptionalMobile = z
  .string()
  .refine(isOptionalMobile, MOBILE_MESSAGE)
  .nullish()
  .transform((v) => v || null);
export const zPassword = z.string().max(64, '密码不能超过64位').refine(isPassword, PASSWORD_MESSAGE);
export const zUrl = z.string().min(1, URL_EMPTY_MESSAGE).refine(isUrl, URL_MESSAGE);
export const zUrlWithSlash = zUrl.refine((v) => v.endsWith('/'), URL_SLASH_MESSAGE);
export const zDirectory = z.string().min(1, DIR_EMPTY_MESSAGE).refine(isDirectory, DIR_MESSAGE);

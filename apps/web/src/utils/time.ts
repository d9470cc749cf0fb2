/** The two relative-time readings of SPEC 9. */
import dayjs from 'dayjs';
import { formatTime } from './date-format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Reading one: a duration in minutes under 1 hour, hours under 1 day, else days. */
export function formatDuration(ms: number): string {
  const abs = Math.max(0, ms);
  if (abs < HOUR) return `${Math.floor(abs / MINUTE)}分钟`;
  if (abs < DAY) return `${Math.floor(abs / HOUR)}小时`;
  return `${Math.floor(abs / DAY)}天`;
}

/** Reading two: 刚刚, N分钟前, N小时前, 1天前, else a date. */
export function formatTimeAgo(time: string | number | Date, now: Date = new Date(), format = 'M月D日 HH:mm'): string {
  const then = dayjs(time);
  const diff = now.getTime() - then.valueOf();
  if (diff < 30_000) return '刚刚';
  if (diff < HOUR) return `${Math.max(1, Math.floor(diff / MINUTE))}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  if (diff < 2 * DAY) return '1天前';
  return formatTime(then.valueOf(), format);
}

/** Full date and time for tables, in the site's time zone (utils/date-format.ts). */
export const formatDateTime = (time: string | number | Date | null | undefined): string =>
  time ? formatTime(time, 'YYYY-MM-DD HH:mm:ss') : '';

/** Watch time in minutes with one decimal (25 s is "0.4", never rounded to 0 whole minutes). */
export const watchMinutes = (seconds: number): string => (Math.round((seconds / 60) * 10) / 10).toFixed(1);

/**
 * Dates shown on the site are wall-clock times of the SITE's time zone (the server's TIME_ZONE,
 * handed to the web in the public site config as `timeZone`), never of the browser's zone: a
 * learner abroad sees an exam's 09:00 start as the organisers wrote it. Every date the web app
 * prints goes through `formatTime` (or the helpers below); dayjs does the zone arithmetic on Intl.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_SITE_TIME_ZONE = 'Asia/Shanghai';

let siteZone = DEFAULT_SITE_TIME_ZONE;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Takes the site's zone from the site config; an unknown or missing zone keeps the current one. */
export function setSiteTimeZone(zone: string | null | undefined): void {
  if (zone && isTimeZone(zone)) siteZone = zone;
}

export const siteTimeZone = (): string => siteZone;

export type TimeInput = string | number | Date | null | undefined;

/** The instant as a dayjs in the site's zone (for arithmetic on local days). */
export const inSiteZone = (time: string | number | Date) => dayjs(time).tz(siteZone);

/** Formats an instant in the site's zone with a dayjs pattern; '' for no time. */
export function formatTime(time: TimeInput, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (time === null || time === undefined || time === '') return '';
  return inSiteZone(time).format(pattern);
}

/** 'YYYY-MM-DD HH:mm' in the site's zone. */
export const formatMinute = (time: TimeInput): string => formatTime(time, 'YYYY-MM-DD HH:mm');

/** 'YYYY-MM-DD' in the site's zone. */
export const formatDay = (time: TimeInput): string => formatTime(time, 'YYYY-MM-DD');

/** 'YYYY年M月D日' in the site's zone (certificates). */
export const formatChineseDate = (time: TimeInput): string => formatTime(time, 'YYYY年M月D日');

/**
 * Calendar arithmetic in the site's time zone (config `timeZone`, env TIME_ZONE, default
 * Asia/Shanghai): day boundaries of cycles and statistics, dates in exports and certificates.
 * Built on Intl, so any IANA zone works, daylight saving included; never on the server's own zone.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a zone (month 1-12). */
export function zonedParts(at: Date, zone: string) {
  const p: Record<string, number> = {};
  for (const { type, value } of partsFormatter(zone).formatToParts(at)) if (type !== 'literal') p[type] = Number(value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

/** The zone's offset from UTC at an instant, in milliseconds (Shanghai: +8 h). */
function offsetMs(at: Date, zone: string): number {
  const p = zonedParts(at, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of local midnight starting the calendar day year-month-day (month 1-12; overflow rolls). */
export function startOfLocalDay(year: number, month: number, day: number, zone: string): Date {
  const utcMidnight = Date.UTC(year, month - 1, day);
  // Two passes: the offset at the guess may differ from the one at the answer (a DST change).
  let at = utcMidnight - offsetMs(new Date(utcMidnight), zone);
  at = utcMidnight - offsetMs(new Date(at), zone);
  return new Date(at);
}

/** Start of the local day containing `at`. */
export function startOfDay(at: Date, zone: string): Date {
  const p = zonedParts(at, zone);
  return startOfLocalDay(p.year, p.month, p.day, zone);
}

/** Start of the local day `days` after (or before) the day containing `at`. */
export function addLocalDays(at: Date, days: number, zone: string): Date {
  const p = zonedParts(at, zone);
  return startOfLocalDay(p.year, p.month, p.day + days, zone);
}

/** Day of the week of `at` in the zone, Monday 0 … Sunday 6. */
export function localWeekday(at: Date, zone: string): number {
  const p = zonedParts(at, zone);
  return (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of `at` in the zone. */
export function localDayKey(at: Date, zone: string): string {
  const p = zonedParts(at, zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** 'YYYY-MM-DD HH:mm:ss' of `at` in the zone (exports). */
export function formatLocalDateTime(at: Date, zone: string): string {
  const p = zonedParts(at, zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** 'YYYY年M月D日' of `at` in the zone (certificates). */
export function formatChineseDate(at: Date, zone: string): string {
  const p = zonedParts(at, zone);
  return `${p.year}年${p.month}月${p.day}日`;
}

/** The console's filters (state, online, alerts only, search, proctoring flag) and its time-left text. Pure, unit-tested. */
import type { TInvigilateRow, TInvigilateStatus, TProctorFlag, TProctorRow } from '@exam/contracts';

export interface ConsoleFilter {
  status?: TInvigilateStatus;
  online?: boolean;
  alertsOnly?: boolean;
  /** Matches the name, the account, the department or the address. */
  search?: string;
  /** 按标记筛选: learners whose proctoring summary has this flag. */
  flag?: TProctorFlag;
}

export const hasAlert = (r: TInvigilateRow): boolean => r.leaveAlert || r.offlineAlert;

/** The proctoring summaries by paper (the console's rows carry the learner's current paper). */
export const proctorByPaper = (rows: TProctorRow[] | undefined): Map<string, TProctorRow> =>
  new Map((rows ?? []).map((r) => [r.paperId, r]));

/** A console row's proctoring summary: by its paper, else (no paper yet) none. */
export const proctorOf = (r: TInvigilateRow, byPaper: Map<string, TProctorRow>): TProctorRow | undefined =>
  r.paperId ? byPaper.get(r.paperId) : undefined;

export function filterRows(
  rows: TInvigilateRow[],
  f: ConsoleFilter,
  byPaper: Map<string, TProctorRow> = new Map(),
): TInvigilateRow[] {
  const q = f.search?.trim().toLowerCase();
  const flag = f.flag;
  return rows.filter(
    (r) =>
      (!f.status || r.status === f.status) &&
      (f.online === undefined || r.online === f.online) &&
      (!f.alertsOnly || hasAlert(r)) &&
      (!flag || (proctorOf(r, byPaper)?.flags.includes(flag) ?? false)) &&
      (!q || [r.realName, r.userName, r.deptName ?? '', r.clientIp ?? ''].some((v) => v.toLowerCase().includes(q))),
  );
}

/** Seconds left now, counting down locally from the snapshot's figure. */
export const secondsLeft = (r: TInvigilateRow, receivedAt: number, now: number): number | null =>
  r.remainingSeconds === null ? null : Math.max(0, r.remainingSeconds - Math.floor((now - receivedAt) / 1000));

/** 'MM:SS', or 'H:MM:SS' past an hour. */
export function formatLeft(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * The figures of one learner's row in the invigilation console, from the facts the snapshot query
 * reads: status, time left, online, alerts. Pure, unit-tested without a database.
 */
import {
  INVIGILATE_OFFLINE_SECONDS,
  InvigilateStatus,
  PaperState,
  type TInvigilateRow,
  type TInvigilateStatus,
} from '@exam/contracts';
import type { LearnerFacts } from '../../sitting/reads/invigilation.js';

/** What the snapshot query reads for one learner of the audience. */
export type { LearnerFacts };

/** The learner's status from their latest paper of the exam. */
export function statusOf(paper: { state: number | null; voided: boolean } | null): TInvigilateStatus {
  if (!paper || paper.state === null) return InvigilateStatus.NOT_STARTED;
  if (paper.voided) return InvigilateStatus.VOIDED;
  if (paper.state === PaperState.IN_EXAM) return InvigilateStatus.SITTING;
  if (paper.state === PaperState.AWAITING_MARK) return InvigilateStatus.MARKING;
  if (paper.state === PaperState.ABANDONED) return InvigilateStatus.ABANDONED;
  return InvigilateStatus.HANDED;
}

/** Online: the room beat within the last INVIGILATE_OFFLINE_SECONDS (only a sitting learner's room beats). */
export const isOnline = (status: TInvigilateStatus, lastSeenAt: Date | null, now: Date): boolean =>
  status === InvigilateStatus.SITTING &&
  lastSeenAt !== null &&
  now.getTime() - lastSeenAt.getTime() <= INVIGILATE_OFFLINE_SECONDS * 1000;

/**
 * Leave alert: the learner left the page as often as the exam allows (one more hands the paper in)
 * or more (it was handed in for it). An exam without a limit raises none.
 */
export const leaveAlertOf = (leaveCount: number, leaveLimit: number): boolean =>
  leaveLimit > 0 && leaveCount >= leaveLimit;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** One row of the console. */
export function rowOf(f: LearnerFacts, leaveLimit: number, now: Date): TInvigilateRow {
  const status = statusOf(f.paperId ? { state: f.state, voided: f.voided } : null);
  const online = isOnline(status, f.lastSeenAt, now);
  const sitting = status === InvigilateStatus.SITTING;
  return {
    userId: f.userId,
    userName: f.userName,
    realName: f.realName,
    deptName: f.deptName,
    paperId: f.paperId,
    status,
    answered: f.answered,
    total: f.total,
    startTime: iso(f.startTime),
    deadline: iso(f.deadline),
    remainingSeconds:
      sitting && f.deadline ? Math.max(0, Math.floor((f.deadline.getTime() - now.getTime()) / 1000)) : null,
    leaveCount: f.leaveCount,
    lastSaveAt: iso(f.lastSaveAt),
    lastSeenAt: iso(f.lastSeenAt),
    online,
    clientIp: f.clientIp,
    leaveAlert: leaveAlertOf(f.leaveCount, leaveLimit),
    offlineAlert: sitting && !online,
  };
}

/** The console's counters. */
export function countsOf(rows: TInvigilateRow[]) {
  const counts = {
    total: rows.length,
    none: 0,
    sitting: 0,
    marking: 0,
    handed: 0,
    abandoned: 0,
    voided: 0,
    online: 0,
    alerts: 0,
  };
  for (const r of rows) {
    counts[r.status]++;
    if (r.online) counts.online++;
    if (r.leaveAlert || r.offlineAlert) counts.alerts++;
  }
  return counts;
}

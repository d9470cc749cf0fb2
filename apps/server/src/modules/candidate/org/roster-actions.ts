/**
 * What the organiser does to candidates of an exam: the interview mark, the result by SMS and
 * the personal-data log lines (a detail view, an export). Every action names the exam (the roster
 * policy let the administrator in) and touches only that exam's candidates.
 */
import { CandidateStatus, maskMobile, type TCandidateSmsReport } from '@exam/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { elCandidate } from '../../../db/schema/index.js';
import { LogType, writeLog } from '../../../platform/audit.js';
import type { AuthUser } from '../../../platform/auth.js';
import type { Executor } from '../../../platform/db.js';
import type { NoticeSender } from '../../system/sms/sms-notice.js';

import type { RosterRow } from './roster.service.js';
import type { RosterExam } from './roster-access.js';

/** Sets or clears the interview mark of the exam's candidates; answers how many rows changed. */
export async function markInterview(db: Executor, examId: string, ids: string[], interview: boolean): Promise<number> {
  const changed = await db
    .update(elCandidate)
    .set({ interview })
    .where(and(eq(elCandidate.examId, examId), inArray(elCandidate.id, ids), eq(elCandidate.interview, !interview)))
    .returning({ id: elCandidate.id });
  return changed.length;
}

const formatScore = (n: number) => String(Math.round(n * 10) / 10);

/**
 * The result text a candidate receives: the score only when the exam shows scores after hand-in
 * (resultShow 1 or 2); otherwise pass or fail alone, as the exam's result page would say.
 */
export function resultText(siteName: string, exam: Pick<RosterExam, 'title' | 'resultShow'>, row: RosterRow): string {
  const who = row.name ? `${row.name}您好，` : '您好，';
  const verdict = row.passed ? '通过' : '未通过';
  const score =
    exam.resultShow === 1 || exam.resultShow === 2
      ? `成绩${formatScore(row.score ?? 0)}分（满分${formatScore(row.totalScore ?? 0)}），`
      : '';
  return `【${siteName}】${who}您参加的「${exam.title}」${score}结果：${verdict}。`;
}

/** Why a candidate's result cannot be sent, or null when it can. */
function refusal(row: RosterRow): string | null {
  if (row.erased) return '个人信息已按保留期限删除';
  if (!row.mobile) return '没有登记手机号';
  if (row.status !== CandidateStatus.MARKED) return '成绩尚未评定（未交卷或待阅卷）';
  if (row.voided) return '答卷已作废';
  return null;
}

/**
 * Sends each candidate's result, one at a time, and reports per candidate: sent only when the
 * provider accepted it; a refusal before sending or a provider error is reported with its reason.
 * Ids that are not candidates of the exam are reported as not found.
 */
export async function sendResults(
  rows: RosterRow[],
  ids: string[],
  sender: NoticeSender | Error,
  text: (row: RosterRow) => string,
): Promise<TCandidateSmsReport> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: TCandidateSmsReport['items'] = [];
  let sample: string | null = null;
  for (const id of [...new Set(ids)]) {
    const row = byId.get(id);
    if (!row) {
      items.push({ id, name: null, mobile: null, ok: false, reason: '不是本场考试的考生' });
      continue;
    }
    const base = { id, name: row.name, mobile: maskMobile(row.mobile) };
    const why = sender instanceof Error ? `短信未发送：${sender.message}` : refusal(row);
    if (why || sender instanceof Error) {
      items.push({ ...base, ok: false, reason: why });
      continue;
    }
    const message = text(row);
    try {
      await sender.send({ mobile: row.mobile as string, text: message });
      sample ??= message;
      items.push({ ...base, ok: true, reason: null });
    } catch (err) {
      items.push({ ...base, ok: false, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  const sent = items.filter((i) => i.ok).length;
  return { sent, failed: items.length - sent, items, sample };
}

interface LogSource {
  user: AuthUser;
  ip: string;
  userAgent: string | null;
}

/** One line of the operation log about candidates' personal data (who, when, which exam, what). */
export async function logPersonalData(
  db: Executor,
  src: LogSource,
  title: string,
  path: string,
  params: Record<string, unknown>,
  message: string,
): Promise<void> {
  await writeLog(db, {
    type: LogType.OPERATION,
    userId: src.user.id,
    userName: src.user.userName,
    title,
    path,
    params,
    success: true,
    message,
    ip: src.ip,
    userAgent: src.userAgent?.slice(0, 300) ?? null,
  });
}

/**
 * What the exam room tells the learner as time runs and before hand-in: reminders
 * at 5 and 1 minute left, the next unanswered question, and the count of unanswered and flagged.
 */

/** Minutes before the end at which the room reminds, largest first. */
export const REMINDER_MINUTES = [5, 1] as const;

/**
 * The reminder due now, if any: the smallest threshold already reached and not yet shown. Opening
 * a paper with 3 minutes left reminds once (5), not twice; crossing 1 minute later reminds again.
 */
export function dueReminder(remainingMs: number, shown: ReadonlySet<number>): number | null {
  if (remainingMs <= 0) return null;
  let due: number | null = null;
  for (const m of REMINDER_MINUTES) if (remainingMs <= m * 60_000) due = m;
  return due !== null && !shown.has(due) ? due : null;
}

/** Marks a reminder and every larger one as shown (so 5 is not shown after 1). */
export function markShown(shown: Set<number>, minutes: number): void {
  for (const m of REMINDER_MINUTES) if (m >= minutes) shown.add(m);
}

export const reminderText = (minutes: number): string =>
  `距离考试结束还有 ${minutes} 分钟，请抓紧作答，时间到将自动交卷`;

/** Index of the next unanswered question after `from`, wrapping around; -1 when all are answered. */
export function nextUnanswered<Q>(questions: Q[], from: number, answered: (q: Q) => boolean): number {
  const n = questions.length;
  for (let step = 1; step <= n; step++) {
    const i = (from + step) % n;
    if (!answered(questions[i])) return i;
  }
  return -1;
}

/** The hand-in question: what is left open and flagged, in one sentence. */
export function handInText(unanswered: number, flagged: number, failed: number): string {
  const parts: string[] = [];
  if (failed > 0) parts.push(`有 ${failed} 个答案未能保存（答题卡中虚线标出），交卷将不包含它们。`);
  if (unanswered > 0 || flagged > 0) {
    const open = [unanswered > 0 && `${unanswered} 题未作答`, flagged > 0 && `${flagged} 题已标记待检查`].filter(
      Boolean,
    );
    parts.push(`您还有 ${open.join('、')}，确定要交卷吗？`);
  } else parts.push('您已完成全部题目，确定要交卷吗？');
  return parts.join('');
}

/** What the learner's home puts first ("what do I do now"), as pure rules. */
import type { TOnlineExam } from '@exam/contracts';

/** '3 天' / '5 小时 20 分' / '12 分钟' / '不到 1 分钟' until a moment. */
export function untilText(ms: number): string {
  if (ms < 60_000) return '不到 1 分钟';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} 小时 ${minutes % 60} 分` : `${hours} 小时`;
  return `${Math.floor(hours / 24)} 天`;
}

export interface TodayExams {
  /** Papers I left open: continue them first. */
  unfinished: TOnlineExam[];
  /** Open now, not passed, attempts left, not locked: soonest deadline first. */
  openNow: TOnlineExam[];
  /** Starting later: soonest first. */
  comingUp: TOnlineExam[];
}

export function sortToday(exams: TOnlineExam[]): TodayExams {
  const unfinished = exams.filter((e) => e.openPaperId);
  const openNow = exams
    .filter((e) => !e.openPaperId && e.timeState === 1 && !e.passed && e.triesLeft !== 0 && !e.lockedReason)
    .sort((a, b) => Date.parse(a.endTime) - Date.parse(b.endTime));
  const comingUp = exams
    .filter((e) => !e.openPaperId && e.timeState === 0)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  return { unfinished, openNow, comingUp };
}

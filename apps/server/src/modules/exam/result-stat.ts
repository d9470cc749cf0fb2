import { and, eq, isNull } from 'drizzle-orm';
import { elExam, elPaperTmpl } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { attemptCounts, finishedPapers, type ScoredPaper, topQuestionRows } from '../sitting/reads/results.js';

const r4 = (n: number) => Math.round(n * 10000) / 10000;
const r2 = (n: number) => Math.round(n * 100) / 100;

export type { ScoredPaper };

/** Ten buckets of `total`; the last one includes the full score. */
export function distribution(scores: number[], total: number) {
  const buckets = Array.from({ length: 10 }, (_, i) => ({
    label: `${r2((total * i) / 10)}-${r2((total * (i + 1)) / 10)}`,
    from: r2((total * i) / 10),
    to: r2((total * (i + 1)) / 10),
    count: 0,
  }));
  if (total <= 0) return buckets;
  for (const s of scores) buckets[Math.max(0, Math.min(9, Math.floor((s / total) * 10)))].count++;
  return buckets;
}

/** The top and bottom 27 % of papers by score (at least one paper each when there are two or more). */
export function extremeGroups(papers: ScoredPaper[]): { top: Set<string>; bottom: Set<string> } {
  if (papers.length < 2) return { top: new Set(), bottom: new Set() };
  const sorted = [...papers].sort((a, b) => b.userScore - a.userScore || a.id.localeCompare(b.id));
  const n = Math.max(1, Math.round(sorted.length * 0.27));
  return { top: new Set(sorted.slice(0, n).map((p) => p.id)), bottom: new Set(sorted.slice(-n).map((p) => p.id)) };
}

async function loadExam(db: Db, examId: string) {
  const [row] = await db
    .select({ e: elExam, totalScore: elPaperTmpl.totalScore })
    .from(elExam)
    .leftJoin(elPaperTmpl, eq(elPaperTmpl.id, elExam.tmplId))
    .where(and(eq(elExam.id, examId), isNull(elExam.deletedAt)));
  if (!row) throw notFound('考试');
  return row;
}

export { finishedPapers };

export async function examStat(db: Db, user: AuthUser, examId: string) {
  const { e, totalScore } = await loadExam(db, examId);
  const counts = await attemptCounts(db, user, examId);
  const papers = await finishedPapers(db, user, examId);
  const scores = papers.map((p) => p.userScore);
  const passed = papers.filter((p) => p.passed);
  const total = totalScore ?? 0;
  return {
    examId,
    totalScore: total,
    passScore: e.passScore,
    participants: counts.participants,
    attempts: counts.attempts,
    finished: papers.length,
    awaitingMark: counts.awaiting,
    passedAttempts: passed.length,
    passRate: papers.length ? r4(passed.length / papers.length) : 0,
    passedUsers: new Set(passed.map((p) => p.userId)).size,
    avgScore: scores.length ? r2(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    maxScore: scores.length ? Math.max(...scores) : null,
    minScore: scores.length ? Math.min(...scores) : null,
    distribution: distribution(scores, total),
  };
}

/** Per top-level question of the exam's finished papers. */
export async function questionStat(db: Db, user: AuthUser, examId: string) {
  await loadExam(db, examId);
  const papers = await finishedPapers(db, user, examId);
  if (papers.length === 0) return [];
  const rows = await topQuestionRows(
    db,
    papers.map((p) => p.id),
  );
  const { top, bottom } = extremeGroups(papers);
  const byQu = new Map<string, typeof rows>();
  for (const r of rows) byQu.set(r.quId, [...(byQu.get(r.quId) ?? []), r]);
  const rate = (list: typeof rows) => (list.length ? list.filter((r) => r.isRight).length / list.length : null);
  return [...byQu.values()]
    .sort((a, b) => Math.min(...a.map((r) => r.sort)) - Math.min(...b.map((r) => r.sort)))
    .map((list) => {
      const first = list[0];
      const right = list.filter((r) => r.isRight).length;
      const scoreRate = list.reduce((s, r) => s + (r.score > 0 ? r.actualScore / r.score : 0), 0) / list.length;
      const topRate = rate(list.filter((r) => top.has(r.paperId)));
      const bottomRate = rate(list.filter((r) => bottom.has(r.paperId)));
      return {
        quId: first.quId,
        type: first.type,
        content: first.content,
        score: first.score,
        answered: list.length,
        rightCount: right,
        correctRate: r4(right / list.length),
        avgScore: r2(list.reduce((s, r) => s + r.actualScore, 0) / list.length),
        difficulty: r4(1 - scoreRate),
        discrimination: topRate === null || bottomRate === null ? null : r4(topRate - bottomRate),
      };
    });
}

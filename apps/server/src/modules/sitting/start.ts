/**
 * Starting an attempt (开始考试), walking down only: the learner's open paper (resumed or
 * refusing), the exam's gate and terms (exam's `entryTerms`, asked through exam-port.ts as typed
 * values: audience, window, arrangement, focus mode, course locks, password), the attempts used in
 * the cycle, the draw (paper/paper-build.ts), then the attempt written in one statement that
 * holds the exam's settings (`unchangedSince`) and re-counts the attempts. One open paper per
 * learner is enforced by the partial unique index el_paper_open_uq, which makes two concurrent
 * creates give one attempt.
 */
import { ErrorCode, type TPaperCreated } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import pLimit from 'p-limit';
import { elPaperTmpl } from '../../db/schema/index.js';
import type { TmplSection } from '../../db/schema/paper.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { buildPaperQuestions } from '../paper/paper-build.js';
import { type AttemptWritten, countAttempts, writeAttempt } from './attempt.js';
import { type EntryRequest, type EntryTerms, examsForSitting } from './exam-port.js';
import { findOpenPaper, resumeOrRefuse } from './paper.service.js';

/**
 * At most this many papers are drawn and written at once per process (the 09:00 rush).
 * A waiting start holds its request only, not 50 drawn questions, and leaves the pool's
 * connections to the answer saves; first come, first served.
 */
export const PAPER_BUILDS_AT_ONCE = 16;
const paperBuilds = pLimit(PAPER_BUILDS_AT_ONCE);

/** Starts being built now, and waiting to be, in this process. */
export const paperBuildLoad = () => ({ active: paperBuilds.activeCount, waiting: paperBuilds.pendingCount });

/** The paper was built from exam settings that a locking edit changed meanwhile. */
class ExamChangedMeanwhile extends Error {}

type CreateInput = EntryRequest;

/**
 * Creates an attempt, or answers the open one of the same exam. Another exam's open paper
 * answers 20010002 with {paperId, examId, title}. A paper built while a locking edit of the exam
 * (template, pass mark, marking settings: exam/exam-archive.ts) commits is built once more from the
 * new settings.
 */
export async function createPaper(
  db: Db,
  user: AuthUser,
  input: CreateInput,
  now: Date,
  zone: string,
): Promise<TPaperCreated> {
  try {
    return await createPaperOnce(db, user, input, now, zone);
  } catch (err) {
    if (!(err instanceof ExamChangedMeanwhile)) throw err;
  }
  try {
    return await createPaperOnce(db, user, input, now, zone);
  } catch (err) {
    if (err instanceof ExamChangedMeanwhile)
      throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '考试设置刚刚更新，请重新进入考试');
    throw err;
  }
}

async function createPaperOnce(
  db: Db,
  user: AuthUser,
  input: CreateInput,
  now: Date,
  zone: string,
): Promise<TPaperCreated> {
  const open = await findOpenPaper(db, user.id);
  if (open) return resumeOrRefuse(open, input.examId);

  const terms = await examsForSitting().entryTerms(db, user, input, now, zone);
  const waitFrom = performance.now();
  const written = await paperBuilds(() => {
    // A long wait is not taken from the learner: the paper starts when it is built.
    const waited = performance.now() - waitFrom;
    const startAt = waited < 1000 ? now : new Date(now.getTime() + Math.round(waited));
    return buildAndWrite(db, user, terms, startAt);
  });
  if (written.paperId !== null)
    return { paperId: written.paperId, examId: terms.examId, title: terms.title, resumed: false };
  if (written.reason === 'examChanged') throw new ExamChangedMeanwhile();
  // Another start of this learner opened a paper meanwhile (the one-open-paper index): resume it,
  // also when that was the attempt which reached the limit.
  const raced = await findOpenPaper(db, user.id);
  if (raced) return resumeOrRefuse(raced, input.examId);
  throw new AppError(ErrorCode.EXAM_TRY_LIMIT);
}

/** Templates in memory, by id, with the version they were read at; a few exams run at once. */
const templates = new Map<string, { version: number; sections: TmplSection[] }>();
const TEMPLATES_KEPT = 64;

/**
 * The template's sections: from memory while its version (its last change, read with the exam)
 * is the one kept, else read and kept. During a rush every start of an exam needs the same one.
 */
async function templateOf(db: Db, tmplId: string, version: number): Promise<{ sections: TmplSection[] } | undefined> {
  const kept = templates.get(tmplId);
  if (kept && kept.version === version) return kept;
  const [row] = await db
    .select({ sections: elPaperTmpl.sections, updatedAt: elPaperTmpl.updatedAt })
    .from(elPaperTmpl)
    .where(eq(elPaperTmpl.id, tmplId));
  if (!row) return undefined;
  if (row.updatedAt.getTime() === version) {
    if (templates.size >= TEMPLATES_KEPT) templates.delete(templates.keys().next().value as string);
    templates.set(tmplId, { version, sections: row.sections });
  }
  return row;
}

/**
 * Reads the template (from memory while unchanged) and the attempts used when limited, draws the questions and
 * writes the attempt in one statement that holds the exam's settings (inside the build gate).
 */
async function buildAndWrite(db: Db, user: AuthUser, terms: EntryTerms, now: Date): Promise<AttemptWritten> {
  const tmpl = await templateOf(db, terms.tmplId, terms.tmplVersion);
  const used = terms.tryLimit > 0 ? await countAttempts(db, terms, user.id) : 0;
  if (terms.tryLimit > 0 && used >= terms.tryLimit) return { paperId: null, reason: 'tryLimit' };
  if (!tmpl) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '考试试卷不存在，请联系管理员');
  const questions = await buildPaperQuestions(db, tmpl.sections, {
    shuffleQu: terms.shuffleQu,
    shuffleOpt: terms.shuffleOpt,
    learnerId: user.id,
  });
  if (questions.length === 0) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '试卷中没有题目，请联系管理员');
  return writeAttempt(
    db,
    {
      examId: terms.examId,
      userId: user.id,
      deptId: user.deptId,
      title: terms.title,
      startTime: now,
      deadline: terms.deadlineFor(now),
      passScore: terms.passScore,
    },
    questions,
    { unchanged: examsForSitting().unchangedSince(terms), tryLimit: terms.tryLimit, attemptsFrom: terms.attemptsFrom },
  );
}

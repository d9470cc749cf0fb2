/**
 * The heartbeat (issue 14 §3): one transaction that locks the (learner, file) row, credits what
 * the rules allow (progress-rules.ts, with the server's clock), adds study time per course and per
 * day, and, when the last required file becomes done, records completion once and publishes
 * `course.completed` in the same transaction.
 */
import { COURSE_SEEK_TOLERANCE, type THeartbeat, type THeartbeatResult, type ZHeartbeatSchema } from '@exam/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { elCourseDay, elCourseFile, elCourseLearn, elCourseUser } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db, Executor } from '../../platform/db.js';
import { badParams } from '../../platform/errors.js';
import { publish } from '../../platform/events/index.js';
import { type CourseRow, courseForLearner } from './course-audience.js';
import {
  applyMediaBeat,
  applyReadBeat,
  coveredSeconds,
  filePercent,
  furthestAllowed,
  isFileDone,
} from './progress-rules.js';

type Beat = z.output<typeof ZHeartbeatSchema>;

export type { THeartbeat };

type FileRow = typeof elCourseFile.$inferSelect;
type LearnRow = typeof elCourseLearn.$inferSelect;

/** The calendar day of `at` in China time, for the per-day study time. */
export const dayKey = (at: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);

export function doneInput(
  file: FileRow,
  learn: Pick<LearnRow, 'watched' | 'maxPage' | 'studySeconds'>,
  course: CourseRow,
  pages: number,
) {
  return {
    kind: file.kind,
    duration: file.duration,
    watched: learn.watched,
    passRate: course.passRate,
    maxPage: learn.maxPage,
    pages,
    studySeconds: learn.studySeconds,
    minReadSeconds: file.minReadSeconds,
  };
}

/** Course progress: the share of required files done (all files when none is required). */
export async function courseProgress(tx: Executor, userId: string, courseId: string) {
  const [r] = await tx
    .select({
      total: sql<number>`count(*) filter (where ${elCourseFile.required})`.mapWith(Number),
      done: sql<number>`count(*) filter (where ${elCourseFile.required} and ${elCourseLearn.doneAt} is not null)`.mapWith(
        Number,
      ),
    })
    .from(elCourseFile)
    .leftJoin(elCourseLearn, and(eq(elCourseLearn.fileId, elCourseFile.id), eq(elCourseLearn.userId, userId)))
    .where(eq(elCourseFile.courseId, courseId));
  const progress = r.total === 0 ? 0 : Math.floor((r.done / r.total) * 100);
  return { progress, complete: r.total > 0 && r.done === r.total };
}

export async function heartbeat(db: Db, user: AuthUser, beat: Beat, now: Date): Promise<THeartbeatResult> {
  const [file] = await db.select().from(elCourseFile).where(eq(elCourseFile.id, beat.fileId));
  if (!file) throw badParams('课件：课件不存在或已被删除');
  const course = await courseForLearner(db, user, file.courseId, now);
  return db.transaction(async (tx) => {
    await tx
      .insert(elCourseLearn)
      .values({ userId: user.id, fileId: file.id, courseId: course.id })
      .onConflictDoNothing();
    await tx.insert(elCourseUser).values({ userId: user.id, courseId: course.id }).onConflictDoNothing();
    // The lock makes two tabs' heartbeats take turns, each measured from the other's time.
    const [learn] = await tx
      .select()
      .from(elCourseLearn)
      .where(and(eq(elCourseLearn.userId, user.id), eq(elCourseLearn.fileId, file.id)))
      .for('update');
    const media = file.kind === 'video' || file.kind === 'audio';
    const credit = media ? applyMediaBeat(learn, beat, file.duration, now) : applyReadBeat(learn, beat.visible, now);
    // The page count read at upload wins over the viewer's; only a document without a PDF
    // rendition (no converter installed) falls back to what its viewer reports.
    const pages = file.pages > 0 ? file.pages : beat.pages;
    const page = Math.min(beat.page, pages);
    const next = {
      ranges: credit.ranges,
      watched: coveredSeconds(credit.ranges),
      position: media ? Math.min(beat.position, file.duration) : learn.position,
      lastPage: media ? learn.lastPage : page,
      maxPage: media ? learn.maxPage : Math.max(learn.maxPage, beat.visible ? page : 0),
      pages: media ? 0 : pages,
      studySeconds: learn.studySeconds + credit.studySeconds,
      lastBeatAt: credit.beatAt,
    };
    const done = learn.doneAt !== null || isFileDone(doneInput(file, next, course, pages));
    await tx
      .update(elCourseLearn)
      .set({ ...next, doneAt: learn.doneAt ?? (done ? now : null) })
      .where(and(eq(elCourseLearn.userId, user.id), eq(elCourseLearn.fileId, file.id)));
    if (credit.studySeconds > 0) {
      await tx
        .insert(elCourseDay)
        .values({ userId: user.id, courseId: course.id, day: dayKey(now), seconds: credit.studySeconds })
        .onConflictDoUpdate({
          target: [elCourseDay.userId, elCourseDay.courseId, elCourseDay.day],
          set: { seconds: sql`${elCourseDay.seconds} + ${credit.studySeconds}` },
        });
    }
    const { progress, complete } = await courseProgress(tx, user.id, course.id);
    await tx
      .update(elCourseUser)
      .set({
        progress,
        lastFileId: file.id,
        studySeconds: sql`${elCourseUser.studySeconds} + ${credit.studySeconds}`,
      })
      .where(and(eq(elCourseUser.userId, user.id), eq(elCourseUser.courseId, course.id)));
    let completedAt: Date | null = null;
    if (complete) {
      // Stored once: only the update that finds completed_at empty publishes the event.
      const [first] = await tx
        .update(elCourseUser)
        .set({ completedAt: now })
        .where(
          and(eq(elCourseUser.userId, user.id), eq(elCourseUser.courseId, course.id), isNull(elCourseUser.completedAt)),
        )
        .returning({ at: elCourseUser.completedAt });
      if (first) {
        completedAt = now;
        await publish(tx, {
          name: 'course.completed',
          payload: {
            courseId: course.id,
            userId: user.id,
            completedAt: now.toISOString(),
            title: course.title,
            hours: course.hours,
          },
        });
      }
    }
    return {
      fileId: file.id,
      percent: filePercent(doneInput(file, next, course, pages), done),
      done,
      position: next.position,
      lastPage: next.lastPage,
      allowedUntil: course.allowSkip ? file.duration : furthestAllowed(credit.ranges, COURSE_SEEK_TOLERANCE),
      studySeconds: next.studySeconds,
      courseProgress: progress,
      courseCompleted: complete || completedAt !== null,
    };
  });
}

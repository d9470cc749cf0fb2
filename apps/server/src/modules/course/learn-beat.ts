/**
 * The heartbeat: one transaction that locks the (learner, file) row, credits what
 * the rules allow (progress-rules.ts, with the server's clock), adds study time per course and per
 * day, and, when the last required file becomes done, records completion once and publishes
 * `course.completed` in the same transaction.
 *
 * Nothing is credited for a file whose content the learner never fetched (the
 * content route records the fetch, course-content.ts), and every credit is cut by the learner's
 * one study clock (`el_learn_clock`), so files beaten in parallel share the wall clock once.
 */
import { COURSE_SEEK_TOLERANCE, type THeartbeat, type THeartbeatResult, type ZHeartbeatSchema } from '@exam/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  elCourse,
  elCourseDay,
  elCourseFile,
  elCourseLearn,
  elCourseUser,
  elLearnClock,
  sysFile,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db, Executor } from '../../platform/db.js';
import { badParams } from '../../platform/errors.js';
import { publish } from '../../platform/events/index.js';
import { localDayKey } from '../../platform/time-zone.js';
import { type CourseRow, courseForLearner, courseLive, courseOpenTo } from './course-audience.js';
import {
  applyMediaBeat,
  applyReadBeat,
  beatWindow,
  clockCredit,
  coursePercent,
  coveredSeconds,
  fetchedMediaSeconds,
  filePercent,
  furthestAllowed,
  isFileDone,
} from './progress-rules.js';

type Beat = z.output<typeof ZHeartbeatSchema>;

export type { THeartbeat };

type FileRow = typeof elCourseFile.$inferSelect;
type LearnRow = typeof elCourseLearn.$inferSelect;

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

/** Course progress of a learner (progress-rules.ts `coursePercent` over the files' percents): one read. */
export async function courseProgress(tx: Executor, userId: string, course: CourseRow) {
  const rows = await tx
    .select({ f: elCourseFile, l: elCourseLearn })
    .from(elCourseFile)
    .leftJoin(elCourseLearn, and(eq(elCourseLearn.fileId, elCourseFile.id), eq(elCourseLearn.userId, userId)))
    .where(eq(elCourseFile.courseId, course.id));
  return coursePercent(
    rows.map(({ f, l }) => {
      const done = Boolean(l?.doneAt);
      const percent = l ? filePercent(doneInput(f, l, course, l.pages), done) : 0;
      return { required: f.required, percent, done };
    }),
  );
}

/** Answer to a beat on a file whose content was never fetched. */
export const NOT_OPENED = '请先打开课件内容，内容加载后才开始计入学习时长';

/** The file with its course (and the stored file's size), when the course is live and open to this learner: one statement. */
async function fileForLearner(
  db: Db,
  user: AuthUser,
  fileId: string,
  now: Date,
): Promise<{ file: FileRow; course: CourseRow; size: number | null }> {
  const [row] = await db
    .select({ file: elCourseFile, course: elCourse, size: sysFile.size })
    .from(elCourseFile)
    .innerJoin(elCourse, eq(elCourse.id, elCourseFile.courseId))
    .leftJoin(sysFile, eq(sysFile.id, elCourseFile.fileId))
    .where(and(eq(elCourseFile.id, fileId), courseLive(now), courseOpenTo(user)));
  if (row) return row;
  // Only a refusal pays for the second look, which tells a missing file from a closed course.
  const [file] = await db
    .select({ courseId: elCourseFile.courseId })
    .from(elCourseFile)
    .where(eq(elCourseFile.id, fileId));
  if (!file) throw badParams('课件：课件不存在或已被删除');
  await courseForLearner(db, user, file.courseId, now); // throws the audience refusal
  return fileForLearner(db, user, fileId, now); // the course opened in between
}

/** The learner's clock moved to `now`, answering its previous value: one row-locked upsert. */
async function takeClock(tx: Executor, userId: string, now: Date): Promise<Date | null> {
  const [row] = await tx
    .insert(elLearnClock)
    .values({ userId, creditedUntil: now, creditFrom: null })
    .onConflictDoUpdate({
      target: elLearnClock.userId,
      // Right-hand sides read the row as it was: credit_from keeps the previous credited_until.
      set: {
        creditedUntil: sql`greatest(${elLearnClock.creditedUntil}, excluded.credited_until)`,
        creditFrom: sql`${elLearnClock.creditedUntil}`,
      },
    })
    .returning({ from: elLearnClock.creditFrom });
  return row.from;
}

/**
 * Four statements in the usual case (file+course+audience, lock-or-create the learner's file row,
 * its update, the per-course upsert) plus the learner's clock and the per-day upsert when the beat
 * claims time; the course's progress is counted again only when a file has just become done.
 */
export async function heartbeat(
  db: Db,
  user: AuthUser,
  beat: Beat,
  now: Date,
  zone: string,
): Promise<THeartbeatResult> {
  const { file, course, size } = await fileForLearner(db, user, beat.fileId, now);
  return db.transaction(async (tx): Promise<THeartbeatResult> => {
    // Creating the row or touching the existing one locks it: two tabs' heartbeats take turns,
    // each measured from the other's time.
    const [learn] = await tx
      .insert(elCourseLearn)
      .values({ userId: user.id, fileId: file.id, courseId: course.id })
      .onConflictDoUpdate({
        target: [elCourseLearn.userId, elCourseLearn.fileId],
        set: { userId: sql`excluded.user_id` },
      })
      .returning();
    const media = file.kind === 'video' || file.kind === 'audio';
    if (!learn.fetchedAt) return notOpened(tx, user.id, file, learn, course);
    const claimed = beatWindow(learn, beat, media, now);
    const window = claimed > 0 ? clockCredit(claimed, await takeClock(tx, user.id, now), now) : 0;
    const credit = media
      ? applyMediaBeat(
          learn,
          beat,
          file.duration,
          now,
          window,
          fetchedMediaSeconds(learn.bytesServed, size ?? 0, file.duration, COURSE_SEEK_TOLERANCE),
        )
      : applyReadBeat(learn, window, now);
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
    const justDone = learn.doneAt === null && done;
    await tx
      .update(elCourseLearn)
      .set({ ...next, doneAt: learn.doneAt ?? (done ? now : null) })
      .where(and(eq(elCourseLearn.userId, user.id), eq(elCourseLearn.fileId, file.id)));
    if (credit.studySeconds > 0) {
      await tx
        .insert(elCourseDay)
        .values({ userId: user.id, courseId: course.id, day: localDayKey(now, zone), seconds: credit.studySeconds })
        .onConflictDoUpdate({
          target: [elCourseDay.userId, elCourseDay.courseId, elCourseDay.day],
          set: { seconds: sql`${elCourseDay.seconds} + ${credit.studySeconds}` },
        });
    }
    // The course's progress is counted again only when this file's percent moved.
    const percent = filePercent(doneInput(file, next, course, pages), done);
    const moved =
      justDone || percent !== filePercent(doneInput(file, learn, course, learn.pages), learn.doneAt !== null);
    const counted = moved ? await courseProgress(tx, user.id, course) : null;
    const [courseUser] = await tx
      .insert(elCourseUser)
      .values({
        userId: user.id,
        courseId: course.id,
        progress: counted?.progress ?? 0,
        lastFileId: file.id,
        studySeconds: credit.studySeconds,
      })
      .onConflictDoUpdate({
        target: [elCourseUser.userId, elCourseUser.courseId],
        set: {
          lastFileId: file.id,
          studySeconds: sql`${elCourseUser.studySeconds} + ${credit.studySeconds}`,
          ...(counted ? { progress: counted.progress } : {}),
        },
      })
      .returning({ progress: elCourseUser.progress, completedAt: elCourseUser.completedAt });
    const progress = courseUser.progress;
    const complete = counted?.complete ?? courseUser.completedAt !== null;
    if (counted?.complete && courseUser.completedAt === null) {
      // Stored once: only the update that finds completed_at empty publishes the event.
      const [first] = await tx
        .update(elCourseUser)
        .set({ completedAt: now })
        .where(
          and(eq(elCourseUser.userId, user.id), eq(elCourseUser.courseId, course.id), isNull(elCourseUser.completedAt)),
        )
        .returning({ at: elCourseUser.completedAt });
      if (first) {
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
      percent,
      done,
      position: next.position,
      lastPage: next.lastPage,
      allowedUntil: course.allowSkip ? file.duration : furthestAllowed(credit.ranges, COURSE_SEEK_TOLERANCE),
      studySeconds: next.studySeconds,
      courseProgress: progress,
      courseCompleted: complete,
      opened: true,
      notice: null,
    };
  });
}

/** A beat before the content was fetched: nothing is written, the stored state is answered. */
async function notOpened(
  tx: Executor,
  userId: string,
  file: FileRow,
  learn: LearnRow,
  course: CourseRow,
): Promise<THeartbeatResult> {
  const [cu] = await tx
    .select({ progress: elCourseUser.progress, completedAt: elCourseUser.completedAt })
    .from(elCourseUser)
    .where(and(eq(elCourseUser.userId, userId), eq(elCourseUser.courseId, course.id)));
  const done = learn.doneAt !== null;
  return {
    fileId: file.id,
    percent: filePercent(doneInput(file, learn, course, learn.pages), done),
    done,
    position: learn.position,
    lastPage: learn.lastPage,
    allowedUntil: course.allowSkip ? file.duration : furthestAllowed(learn.ranges, COURSE_SEEK_TOLERANCE),
    studySeconds: learn.studySeconds,
    courseProgress: cu?.progress ?? 0,
    courseCompleted: Boolean(cu?.completedAt),
    opened: false,
    notice: NOT_OPENED,
  };
}

/**
 * The replay (回放): when nginx closes a recording (`on_record_done`), ffmpeg remuxes
 * the FLV into an MP4 (no re-encoding; `+faststart` so a browser starts playing before the end)
 * in the OS temporary folder, the MP4 goes into the blob store as a private upload, the room points
 * at it, and a linked course gets it as a video file in its chapter 直播回放 (created once), so the
 * course's progress rules apply to it. A later recording of the same room replaces the replay.
 * The recording is read where nginx wrote it: a path outside LIVE_RECORD_DIR is ignored.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { elCourseChapter, elCourseFile, elLive } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { saveChapter, saveCourseFile } from '../course/course-file.service.js';
import { storeUpload } from '../system/file/file.service.js';
import { uploadRule } from '../system/file/file-limits.js';

const run = promisify(execFile);

export const REPLAY_CHAPTER = '直播回放';

/** The recording file if it lies inside the record folder and is an FLV; null otherwise. */
export function recordingPath(recordDir: string | null, reported: string): string | null {
  if (!recordDir || !reported || !path.isAbsolute(reported) || !reported.endsWith('.flv')) return null;
  const resolved = path.resolve(reported);
  return resolved.startsWith(path.resolve(recordDir) + path.sep) ? resolved : null;
}

async function remux(source: string, target: string): Promise<void> {
  await run('ffmpeg', ['-v', 'error', '-y', '-i', source, '-c', 'copy', '-movflags', '+faststart', target], {
    timeout: 30 * 60_000,
  });
}

/** Answers the room's id once its replay is ready (null: no room has that play name). */
export async function makeReplay(db: Db, blobs: BlobStore, name: string, recording: string): Promise<string | null> {
  const [room] = await db.update(elLive).set({ replayState: 1 }).where(eq(elLive.playName, name)).returning();
  if (!room) return null;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'live-replay-'));
  try {
    const out = path.join(dir, 'replay.mp4');
    await remux(recording, out);
    const stored = await storeUpload(
      db,
      { filename: `${room.title.slice(0, 80)}-回放.mp4`, file: fs.createReadStream(out) },
      {
        blobs,
        rule: uploadRule('course', 2, Number.MAX_SAFE_INTEGER),
        quotaBytes: Number.MAX_SAFE_INTEGER,
        ownerId: room.createdBy ?? room.id,
        audience: 'private',
        now: new Date(),
      },
    );
    const courseFileId = room.courseId ? await attachToCourse(db, blobs, room, stored.id) : null;
    await db
      .update(elLive)
      .set({ replayState: 2, replayFileId: stored.id, replayCourseFileId: courseFileId ?? room.replayCourseFileId })
      .where(eq(elLive.id, room.id));
    return room.id;
  } catch (err) {
    await db.update(elLive).set({ replayState: 3 }).where(eq(elLive.id, room.id));
    throw err;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

async function attachToCourse(
  db: Db,
  blobs: BlobStore,
  room: typeof elLive.$inferSelect,
  fileId: string,
): Promise<string | null> {
  const courseId = room.courseId as string;
  const [chapter] = await db
    .select({ id: elCourseChapter.id })
    .from(elCourseChapter)
    .where(and(eq(elCourseChapter.courseId, courseId), eq(elCourseChapter.title, REPLAY_CHAPTER)))
    .limit(1);
  const chapterId = chapter?.id ?? (await saveChapter(db, { courseId, title: REPLAY_CHAPTER, sort: 9999 }));
  // A course file made by an earlier recording of this room is replaced, not duplicated.
  const [earlier] = room.replayCourseFileId
    ? await db.select({ id: elCourseFile.id }).from(elCourseFile).where(eq(elCourseFile.id, room.replayCourseFileId))
    : [];
  return saveCourseFile(
    db,
    {
      id: earlier?.id ?? null,
      chapterId,
      fileId,
      title: `${room.title.slice(0, 90)}（回放）`,
      minReadSeconds: 0,
      required: true,
      sort: 0,
    },
    { ownerId: room.createdBy ?? room.id, blobs, background: () => undefined },
  );
}

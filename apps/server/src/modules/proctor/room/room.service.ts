/**
 * The learner's side of the room: the setting and the next snapshot's delay, snapshot uploads
 * (checked, stored through the storage port, findings turned into flags), the camera's state,
 * and the second camera's link and uploads. The calls are the exam day's hot path: the exam's
 * setting is cached, the paper is one primary-key read, and each call writes one or two rows
 * beyond the stored image.
 */

import {
  ErrorCode,
  PaperState,
  PROCTOR_SECOND_CAMERA_LINK_MINUTES,
  ProctorMode,
  type TProctorRoom,
  type TSnapshotReason,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { elProctorRoom, elProctorSnapshot, sysUser } from '../../../db/schema/index.js';
import { proctorLinkSecret } from '../../../platform/config.js';
import type { AppDeps } from '../../../platform/deps.js';
import { AppError, badParams } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import { attemptById } from '../../sitting/reads/invigilation.js';
import { enrolledDescriptor } from '../../system/face/face-descriptor.js';
import { cosine, MATCH_THRESHOLD } from '../../system/face/face-rules.js';
import { checkSnapshotJpeg } from './jpeg-check.js';
import { type AttemptKey, addEvents, type ProctorExam, proctorExam, touchRoom } from './proctor-state.js';
import { scheduleRecheck } from './recheck.js';
import { flagsOfFindings } from './risk-rules.js';
import { signSecondToken, verifySecondToken } from './second-token.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'blobs'>;

/** The learner's own open paper of an exam proctored with at least `minMode`. */
async function ownOpenPaper(deps: Deps, userId: string, paperId: string, minMode: number) {
  const paper = await attemptById(deps.db, paperId);
  if (!paper || paper.userId !== userId) throw new AppError(ErrorCode.NO_PERMISSION, '这不是您的试卷');
  return openProctoredPaper(deps, paper, minMode);
}

async function openProctoredPaper(
  deps: Deps,
  paper: NonNullable<Awaited<ReturnType<typeof attemptById>>>,
  minMode: number,
): Promise<{ key: AttemptKey; exam: ProctorExam; startTime: Date }> {
  if (paper.state !== PaperState.IN_EXAM) throw new AppError(ErrorCode.PAPER_CLOSED, '试卷已交卷，监考已结束');
  const exam = await proctorExam(deps.db, paper.examId);
  if (exam.proctor.mode < minMode)
    throw badParams(minMode >= ProctorMode.SECOND_CAMERA ? '该考试未开启第二机位' : '该考试未开启抓拍监考');
  return { key: { paperId: paper.id, examId: paper.examId, userId: paper.userId }, exam, startTime: paper.startTime };
}

/** A random delay within the exam's snapshot interval. */
export function nextInSeconds(exam: ProctorExam): number {
  const { snapMinSeconds: min, snapMaxSeconds: max } = exam.proctor;
  return min + Math.floor(Math.random() * (max - min + 1));
}

export async function roomState(deps: Deps, userId: string, paperId: string): Promise<TProctorRoom> {
  const { exam } = await ownOpenPaper(deps, userId, paperId, ProctorMode.SNAPSHOTS);
  const [room] = await deps.db
    .select({ paused: elProctorRoom.paused, warning: elProctorRoom.warning })
    .from(elProctorRoom)
    .where(eq(elProctorRoom.paperId, paperId));
  const p = exam.proctor;
  return {
    mode: p.mode,
    snapMinSeconds: p.snapMinSeconds,
    snapMaxSeconds: p.snapMaxSeconds,
    cameraStopBlocks: p.cameraStopBlocks,
    nextInSeconds: nextInSeconds(exam),
    paused: room?.paused ?? false,
    warning: room?.warning ?? null,
  };
}

/**
 * Uploads per camera: a burst of 3, then one per 5 s (the room snaps every 30 s or more, and at
 * events). Counted in this process: a client flooding storage is stopped here before any write.
 */
const BURST = 3;
const REFILL_MS = 5_000;
const buckets = new Map<string, { tokens: number; at: number }>();

function takeUploadToken(key: string, now: number): boolean {
  const b = buckets.get(key) ?? { tokens: BURST, at: now };
  b.tokens = Math.min(BURST, b.tokens + Math.max(0, now - b.at) / REFILL_MS);
  b.at = now;
  if (buckets.size > 50_000) buckets.clear();
  buckets.set(key, b);
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

/** Forgets the upload counters (tests). */
export function resetUploadLimits(): void {
  buckets.clear();
}

/** Enrolled descriptors, cached a minute per user (one read per learner per minute, not per snapshot). */
const enrolled = new Map<string, { at: number; descriptor: number[] | null }>();
async function enrolledOf(deps: Deps, userId: string): Promise<number[] | null> {
  const hit = enrolled.get(userId);
  if (hit && Date.now() - hit.at < 60_000) return hit.descriptor;
  const descriptor = await enrolledDescriptor(deps.db, userId);
  if (enrolled.size > 50_000) enrolled.clear();
  enrolled.set(userId, { at: Date.now(), descriptor });
  return descriptor;
}

/** The image checked and stored, its row written; answers the row's id and the bytes. */
async function storeSnapshot(
  deps: Deps,
  key: AttemptKey,
  input: {
    source: 'main' | 'second';
    reason: string;
    image: string;
    takenAt: string;
    faces: number | null;
    similarity: number | null;
  },
  now: Date,
) {
  const jpeg = checkSnapshotJpeg(input.image);
  if (!jpeg.ok) throw badParams(jpeg.reason);
  if (!takeUploadToken(`${input.source}:${key.paperId}`, now.getTime()))
    throw new AppError(ErrorCode.TOO_MANY_REQUESTS, '抓拍上传过于频繁，请稍后再试');
  const id = newId();
  const blobKey = `proctor/${key.examId}/${key.paperId}/${id}.jpg`;
  await deps.blobs.put(blobKey, jpeg.bytes, { contentType: 'image/jpeg' });
  const takenAt = new Date(input.takenAt);
  try {
    await deps.db.insert(elProctorSnapshot).values({
      id,
      ...key,
      source: input.source,
      reason: input.reason,
      blobKey,
      bytes: jpeg.bytes.length,
      faces: input.faces,
      similarity: input.similarity,
      takenAt: Number.isNaN(takenAt.getTime()) ? now : takenAt,
      createdAt: now,
    });
  } catch (err) {
    await deps.blobs.delete(blobKey).catch(() => {});
    throw err;
  }
  return { id, bytes: jpeg.bytes };
}

export async function uploadSnapshot(
  deps: Deps,
  userId: string,
  body: {
    paperId: string;
    reason: TSnapshotReason;
    image: string;
    findings: { faces: number; descriptor?: number[] | null };
    takenAt: string;
  },
) {
  const now = deps.clock();
  const { key, exam } = await ownOpenPaper(deps, userId, body.paperId, ProctorMode.SNAPSHOTS);
  const descriptor = body.findings.faces === 1 ? body.findings.descriptor : null;
  const mine = descriptor?.length ? await enrolledOf(deps, userId) : null;
  const similarity = descriptor?.length && mine && mine.length === descriptor.length ? cosine(descriptor, mine) : null;
  const faces = body.findings.faces;
  const stored = await storeSnapshot(
    deps,
    key,
    { source: 'main', reason: body.reason, image: body.image, takenAt: body.takenAt, faces, similarity },
    now,
  );
  const flags = flagsOfFindings(body.reason, faces, similarity, MATCH_THRESHOLD);
  await addEvents(
    deps.db,
    key,
    flags.map((kind) => ({ kind, snapshotId: stored.id })),
    now,
  );
  const room = await touchRoom(deps.db, key, { lastSnapshotAt: now }, now);
  scheduleRecheck(deps, key, {
    snapshotId: stored.id,
    bytes: stored.bytes,
    browserFlags: flags.filter((f) => f !== 'leave'),
    enrolled: mine ?? (await enrolledOf(deps, userId)),
    flagged: flags.length > 0,
  });
  return { id: stored.id, nextInSeconds: nextInSeconds(exam), paused: room.paused, warning: room.warning };
}

export async function cameraState(
  deps: Deps,
  userId: string,
  body: { paperId: string; state: 'on' | 'stopped'; detail?: string | null },
) {
  const now = deps.clock();
  const { key, exam } = await ownOpenPaper(deps, userId, body.paperId, ProctorMode.SNAPSHOTS);
  const stopped = body.state === 'stopped';
  await touchRoom(deps.db, key, { cameraStopped: stopped }, now);
  await addEvents(deps.db, key, [{ kind: stopped ? 'camera-stop' : 'camera-on', detail: body.detail ?? null }], now);
  return { blocked: stopped && exam.proctor.cameraStopBlocks };
}

// The second camera.

const secret = () => proctorLinkSecret();

/** The phone's link, absolute (it is scanned from the screen), and its QR code as a PNG data URL. */
export async function secondLink(deps: Deps, userId: string, paperId: string, base: string) {
  const { key } = await ownOpenPaper(deps, userId, paperId, ProctorMode.SECOND_CAMERA);
  const expiresAt = new Date(deps.clock().getTime() + PROCTOR_SECOND_CAMERA_LINK_MINUTES * 60_000);
  const token = signSecondToken(secret(), { paperId: key.paperId, userId: key.userId, expiresAt });
  const url = `${base}/web/proctor/second?token=${encodeURIComponent(token)}`;
  const qr = await QRCode.toDataURL(url, { margin: 2, width: 360, errorCorrectionLevel: 'M' });
  return { url, qr, expiresAt: expiresAt.toISOString() };
}

const BAD_TOKEN = '第二机位链接无效或已过期，请在考试页面重新扫码';

/** The paper a token opens: signature, expiry, its learner and an open paper of a mode-3 exam. */
async function tokenPaper(deps: Deps, token: string) {
  const t = verifySecondToken(secret(), token, deps.clock());
  if (!t) throw new AppError(ErrorCode.NO_PERMISSION, BAD_TOKEN);
  const paper = await attemptById(deps.db, t.paperId);
  if (!paper || paper.userId !== t.userId) throw new AppError(ErrorCode.NO_PERMISSION, BAD_TOKEN);
  if (paper.state !== PaperState.IN_EXAM) throw new AppError(ErrorCode.PAPER_CLOSED, '考试已结束，第二机位已停止');
  return { ...(await openProctoredPaper(deps, paper, ProctorMode.SECOND_CAMERA)), expiresAt: t.expiresAt };
}

export async function secondInfo(deps: Deps, token: string) {
  const { key, exam, expiresAt } = await tokenPaper(deps, token);
  const [user] = await deps.db.select({ realName: sysUser.realName }).from(sysUser).where(eq(sysUser.id, key.userId));
  return {
    examTitle: exam.title,
    realName: user?.realName ?? '',
    intervalSeconds: exam.proctor.snapMinSeconds,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function secondSnapshot(deps: Deps, body: { token: string; image: string; takenAt: string }) {
  const now = deps.clock();
  const { key, exam } = await tokenPaper(deps, body.token);
  const stored = await storeSnapshot(
    deps,
    key,
    { source: 'second', reason: 'random', image: body.image, takenAt: body.takenAt, faces: null, similarity: null },
    now,
  );
  const room = await touchRoom(deps.db, key, { secondSeenAt: now, secondLost: false }, now);
  return { id: stored.id, nextInSeconds: exam.proctor.snapMinSeconds, paused: room.paused, warning: room.warning };
}

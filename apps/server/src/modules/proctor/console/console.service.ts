/**
 * The invigilator's side: the per-learner proctoring rows of the console, a learner's timeline
 * (snapshots, flags, door, actions, review), a snapshot's image, a warning and a pause. Scope is
 * the invigilation console's: the exam must be one the administrator may invigilate
 * (exam/invigilate invigilate-access.ts) and the learner inside their data scope; every view of
 * a learner's snapshots (timeline or image) writes an el_proctor_view row.
 */
import {
  ErrorCode,
  PaperState,
  PROCTOR_FLAG_LABELS,
  ProctorFlag,
  REVIEW_DECISION_LABELS,
  type TProctorFlag,
  type TProctorTimeline,
  type TTimelineItem,
} from '@exam/contracts';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  elProctorDoor,
  elProctorEvent,
  elProctorReview,
  elProctorRoom,
  elProctorSnapshot,
  elProctorView,
  sysUser,
} from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth.js';
import type { AppDeps } from '../../../platform/deps.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { authorize } from '../../../platform/policy/index.js';
import { sendMessage } from '../../exam/invigilate/invigilate-actions.js';
import { loadInvigilatedExam } from '../../exam/invigilate/invigilate-snapshot.js';
import { nudge } from '../../exam/invigilate/live-bus.js';
import { attemptById, learnerFacts } from '../../sitting/reads/invigilation.js';
import { userPolicy } from '../../system/user/user.policy.js';
import { addEvents, flagCounts, touchRoom } from '../room/proctor-state.js';
import { riskOf } from '../room/risk-rules.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'blobs'>;
const FLAGS = new Set<string>(ProctorFlag);
const SNAPSHOT_REASON_LABELS: Record<string, string> = {
  random: '随机抓拍',
  leave: '离开页面时抓拍',
  'no-face': '未检测到人脸时抓拍',
  faces: '多张人脸时抓拍',
  mismatch: '人脸不符时抓拍',
  'camera-stop': '摄像头中断前抓拍',
  door: '入场核验抓拍',
};
const ACTION_LABELS: Record<string, string> = {
  warn: '监考员警告',
  pause: '监考员暂停作答',
  resume: '监考员恢复作答',
  void: '作废答卷',
  admit: '监考员放行',
  'camera-on': '摄像头恢复',
  'door-passed': '通过身份核验',
  review: '复核结论变更',
};
const DOOR_KINDS = new Set(['door-passed', 'door-failed', 'door-admitted', 'admit']);

/**
 * A paper the administrator may watch: its exam one they may invigilate (10010004 otherwise), its
 * learner inside their data scope (10010004 otherwise).
 */
export async function watchedPaper(deps: Deps, admin: AuthUser, paperId: string) {
  const paper = await attemptById(deps.db, paperId);
  if (!paper) throw notFound('试卷');
  const exam = await loadInvigilatedExam(deps.db, admin, paper.examId);
  await authorize(deps.db, admin, userPolicy, 'actOn', {
    ids: [paper.userId],
    message: '该考生不在您的数据权限范围内',
  });
  return { paper, exam };
}

export async function proctorRows(deps: Deps, admin: AuthUser, examId: string) {
  const exam = await loadInvigilatedExam(deps.db, admin, examId);
  const facts = await learnerFacts(deps.db, exam, admin);
  const paperIds = facts.flatMap((f) => (f.paperId ? [f.paperId] : []));
  const rooms = paperIds.length
    ? await deps.db.select().from(elProctorRoom).where(inArray(elProctorRoom.paperId, paperIds))
    : [];
  const roomOf = new Map(rooms.map((r) => [r.paperId, r]));
  const counts = await flagCounts(deps.db, paperIds);
  const doors = await deps.db.select().from(elProctorDoor).where(eq(elProctorDoor.examId, examId));
  const doorOf = new Map(doors.map((d) => [d.userId, d]));
  const rows = facts.flatMap((f) => {
    if (!f.paperId) return [];
    const room = roomOf.get(f.paperId);
    const door = doorOf.get(f.userId);
    return [
      {
        paperId: f.paperId,
        userId: f.userId,
        risk: room?.risk ?? 0,
        flags: Object.keys(counts.get(f.paperId) ?? {}).filter((k): k is TProctorFlag => FLAGS.has(k)),
        lastSnapshotAt: room?.lastSnapshotAt?.toISOString() ?? null,
        cameraStopped: room?.cameraStopped ?? false,
        secondCameraLost: room?.secondLost ?? false,
        paused: room?.paused ?? false,
        doorPassed: Boolean(door?.passedAt),
        admitRequested: Boolean(door?.admitRequestedAt && !door.passedAt),
      },
    ];
  });
  const nameOf = new Map(facts.map((f) => [f.userId, f.realName]));
  // Waiting at the door: asked to be admitted, not passed, and a learner the administrator sees.
  const waiting = doors
    .filter((d) => d.admitRequestedAt && !d.passedAt && nameOf.has(d.userId))
    .map((d) => ({
      userId: d.userId,
      realName: nameOf.get(d.userId) ?? '',
      failures: d.failures,
      at: (d.admitRequestedAt as Date).toISOString(),
    }));
  return { mode: exam.proctor.mode, rows, waiting };
}

async function logView(deps: Deps, viewerId: string, paperId: string, what: string, ip: string, snapshotId?: string) {
  await deps.db
    .insert(elProctorView)
    .values({ viewerId, paperId, what, snapshotId: snapshotId ?? null, ip, createdAt: deps.clock() });
}

export async function proctorTimeline(
  deps: Deps,
  admin: AuthUser,
  paperId: string,
  ip: string,
): Promise<TProctorTimeline> {
  const { paper } = await watchedPaper(deps, admin, paperId);
  const db = deps.db;
  const [snaps, events, rooms, doors, reviews, users] = await Promise.all([
    db
      .select()
      .from(elProctorSnapshot)
      .where(eq(elProctorSnapshot.paperId, paperId))
      .orderBy(asc(elProctorSnapshot.createdAt)),
    // The paper's events, and the door's of this learner and exam (written before the paper existed).
    db
      .select()
      .from(elProctorEvent)
      .where(
        or(
          eq(elProctorEvent.paperId, paperId),
          and(
            eq(elProctorEvent.examId, paper.examId),
            eq(elProctorEvent.userId, paper.userId),
            isNull(elProctorEvent.paperId),
          ),
        ),
      )
      .orderBy(asc(elProctorEvent.createdAt)),
    db.select().from(elProctorRoom).where(eq(elProctorRoom.paperId, paperId)),
    db
      .select()
      .from(elProctorDoor)
      .where(and(eq(elProctorDoor.examId, paper.examId), eq(elProctorDoor.userId, paper.userId))),
    db
      .select({ review: elProctorReview, reviewer: sysUser.realName })
      .from(elProctorReview)
      .leftJoin(sysUser, eq(sysUser.id, elProctorReview.reviewerId))
      .where(eq(elProctorReview.paperId, paperId)),
    db.select({ realName: sysUser.realName }).from(sysUser).where(eq(sysUser.id, paper.userId)),
  ]);
  const base = { flag: null, snapshotId: null, source: null, faces: null, similarity: null, serverChecked: false };
  const items: TTimelineItem[] = [];
  for (const s of snaps)
    items.push({
      ...base,
      id: s.id,
      at: s.createdAt.toISOString(),
      kind: 'snapshot',
      label: s.source === 'second' ? '第二机位画面' : (SNAPSHOT_REASON_LABELS[s.reason] ?? s.reason),
      snapshotId: s.id,
      source: s.source === 'second' ? 'second' : 'main',
      faces: s.faces,
      similarity: s.similarity,
      serverChecked: s.serverChecked,
      detail: s.disagreed ? '服务器复核结果与浏览器不一致' : null,
    });
  const counts: Record<string, number> = {};
  for (const e of events) {
    const isFlag = FLAGS.has(e.kind);
    // The score is the paper's, as kept on its room row (the door's events before it are shown only).
    if (isFlag && e.paperId === paperId) counts[e.kind] = (counts[e.kind] ?? 0) + 1;
    items.push({
      ...base,
      id: e.id,
      at: e.createdAt.toISOString(),
      kind: DOOR_KINDS.has(e.kind) ? 'door' : isFlag ? 'flag' : 'action',
      label: isFlag ? PROCTOR_FLAG_LABELS[e.kind as TProctorFlag] : (ACTION_LABELS[e.kind] ?? e.kind),
      flag: isFlag ? (e.kind as TProctorFlag) : null,
      snapshotId: e.snapshotId,
      detail: e.detail,
    });
  }
  const door = doors[0];
  if (door?.passedAt && !events.some((e) => e.kind === 'door-passed' || e.kind === 'admit'))
    items.push({
      ...base,
      id: `door-${paper.id}`,
      at: door.passedAt.toISOString(),
      kind: 'door',
      label: door.admittedBy ? '监考员放行' : '通过身份核验',
      similarity: door.similarity,
      detail: door.admitReason,
    });
  items.sort((a, b) => a.at.localeCompare(b.at));
  const room = rooms[0];
  const r = reviews[0];
  await logView(deps, admin.id, paperId, 'timeline', ip);
  return {
    paperId,
    userId: paper.userId,
    realName: users[0]?.realName ?? '',
    risk: riskOf(counts),
    paused: room?.paused ?? false,
    secondCameraLost: room?.secondLost ?? false,
    items,
    review: r
      ? {
          decision: r.review.decision,
          decisionLabel: REVIEW_DECISION_LABELS[r.review.decision] ?? '',
          reason: r.review.reason,
          reviewer: r.reviewer ?? '',
          at: r.review.createdAt.toISOString(),
        }
      : null,
  };
}

export async function snapshotImage(deps: Deps, admin: AuthUser, snapshotId: string, ip: string) {
  const [snap] = await deps.db.select().from(elProctorSnapshot).where(eq(elProctorSnapshot.id, snapshotId));
  if (!snap) throw notFound('抓拍');
  await watchedPaper(deps, admin, snap.paperId);
  const blob = await deps.blobs.get(snap.blobKey);
  if (!blob) throw notFound('抓拍图片');
  const chunks: Buffer[] = [];
  for await (const c of blob.stream as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(c));
  await logView(deps, admin.id, snap.paperId, 'image', ip, snap.id);
  return { fileName: `${snap.id}.jpg`, contentType: 'image/jpeg', body: Buffer.concat(chunks) };
}

export async function warn(deps: Deps, admin: AuthUser, paperId: string, content: string) {
  const { paper } = await watchedPaper(deps, admin, paperId);
  if (paper.state !== PaperState.IN_EXAM) throw new AppError(ErrorCode.PAPER_CLOSED, '该考生已交卷');
  const now = deps.clock();
  const key = { paperId, examId: paper.examId, userId: paper.userId };
  await touchRoom(deps.db, key, { warning: content, warnedAt: now }, now);
  await addEvents(deps.db, key, [{ kind: 'warn', detail: content, actorId: admin.id }], now);
  // The room's beat shows invigilator messages already: the warning reaches a room without the camera's calls too.
  await sendMessage(deps.db, admin, { examId: paper.examId, userId: paper.userId, content, reason: '监考警告' }, now);
  nudge(paper.examId, 'msg', `警告考生：${content}`, [paper.userId]);
  return null;
}

export async function pause(deps: Deps, admin: AuthUser, body: { paperId: string; paused: boolean; reason: string }) {
  const { paper } = await watchedPaper(deps, admin, body.paperId);
  if (paper.state !== PaperState.IN_EXAM) throw new AppError(ErrorCode.PAPER_CLOSED, '该考生已交卷');
  const now = deps.clock();
  const key = { paperId: paper.id, examId: paper.examId, userId: paper.userId };
  await touchRoom(deps.db, key, { paused: body.paused }, now);
  await addEvents(
    deps.db,
    key,
    [{ kind: body.paused ? 'pause' : 'resume', detail: body.reason, actorId: admin.id }],
    now,
  );
  return { paused: body.paused };
}

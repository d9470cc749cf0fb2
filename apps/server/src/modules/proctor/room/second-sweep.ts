/**
 * The second camera's watch: every 30 s, an open paper of a mode-3 exam whose phone sent nothing
 * for PROCTOR_SECOND_CAMERA_LOST_SECONDS after having been seen (or was never seen that long after
 * the paper's start) is flagged 'second-lost', once per loss: the next upload clears `secondLost`.
 */
import { PROCTOR_SECOND_CAMERA_LOST_SECONDS, ProctorMode } from '@exam/contracts';
import { and, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { elExam, elProctorRoom } from '../../../db/schema/index.js';
import type { AppDeps } from '../../../platform/deps.js';
import { openAttemptsOfExams } from '../../sitting/reads/proctor-side.js';
import { addEvents, touchRoom } from './proctor-state.js';

/** Flags the lost second cameras now; answers how many were flagged. */
export async function sweepSecondCameras(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock();
  const lostMs = PROCTOR_SECOND_CAMERA_LOST_SECONDS * 1000;
  const exams = await deps.db
    .select({ id: elExam.id })
    .from(elExam)
    .where(
      and(
        isNull(elExam.deletedAt),
        sql`(${elExam.proctor}->>'mode')::int = ${ProctorMode.SECOND_CAMERA}`,
        lte(elExam.startTime, now),
        gte(elExam.endTime, new Date(now.getTime() - 86_400_000)),
      ),
    );
  const papers = await openAttemptsOfExams(
    deps.db,
    exams.map((e) => e.id),
  );
  if (papers.length === 0) return 0;
  const rooms = await deps.db
    .select({ paperId: elProctorRoom.paperId, seen: elProctorRoom.secondSeenAt, lost: elProctorRoom.secondLost })
    .from(elProctorRoom)
    .where(
      inArray(
        elProctorRoom.paperId,
        papers.map((p) => p.id),
      ),
    );
  const byPaper = new Map(rooms.map((r) => [r.paperId, r]));
  let flagged = 0;
  for (const p of papers) {
    const room = byPaper.get(p.id);
    if (room?.lost) continue;
    const since = room?.seen ?? p.startTime;
    if (now.getTime() - since.getTime() < lostMs) continue;
    const key = { paperId: p.id, examId: p.examId, userId: p.userId };
    await touchRoom(deps.db, key, { secondLost: true }, now);
    await addEvents(
      deps.db,
      key,
      [{ kind: 'second-lost', detail: room?.seen ? '第二机位长时间未上传画面' : '第二机位未连接' }],
      now,
    );
    flagged++;
  }
  return flagged;
}

/**
 * What happened in a watched exam (a hand-in, an invigilator's action), for the consoles watching
 * it: published to the exam's realtime topic (`exam:<id>:invigilate`, platform/realtime), which
 * reaches every console on every instance. The snapshots themselves are read from the shared
 * database by each console; a note only says "look again now" (and what happened, for the log).
 * Publishing never waits and never fails the caller.
 */
import { invigilateTopic, type TInvigilateNote } from '@exam/contracts';
import { realtimeHub } from '../../../platform/realtime/index.js';

/** Publishes a note about an exam now; `userIds` are the learners it is about (for the scope filter). */
export function nudge(examId: string, kind: TInvigilateNote['kind'], text: string, userIds?: string[]): void {
  const note: TInvigilateNote = {
    examId,
    kind,
    text,
    at: new Date().toISOString(),
    ...(userIds?.length === 1 ? { userId: userIds[0] } : {}),
  };
  realtimeHub.publish(invigilateTopic(examId), { type: 'note', data: note, ...(userIds ? { about: userIds } : {}) });
}

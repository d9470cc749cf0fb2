/**
 * Every domain event and its payload. A new event is one line here. Payloads are JSON (times as
 * ISO-8601 strings) because they are stored in the outbox table and read back after a restart.
 */
export interface DomainEventMap {
  /** A paper left state 0: handed in by the learner, the deadline sweep or the leave limit. */
  'paper.handedIn': {
    paperId: string;
    userId: string;
    examId: string | null;
    trainId?: string | null;
    handedInAt: string;
    /** 1 learner, 2 deadline sweep, 3 leave limit (el_paper.hand_kind). */
    handKind?: number;
  };
  /** A paper reached state 2 with its final score (automatically at hand-in, or by manual marking). */
  'paper.marked': {
    paperId: string;
    userId: string;
    examId: string | null;
    score: number;
    passed: boolean;
    /** True when an administrator finished the marking (false: marked automatically at hand-in). */
    byHand?: boolean;
    markedAt?: string;
    /** The paper's title and total score, and who marked it by hand (the learner's message prints them). */
    title?: string;
    totalScore?: number;
    markedBy?: string | null;
  };
  /** The learner gave up an open paper (放弃考试): state 3, counted as an attempt. */
  'paper.abandoned': { paperId: string; userId: string; examId: string | null; abandonedAt: string };
  /** The learner left the exam page (tab switch, window blur, full-screen exit) and it was counted. */
  'paper.leftPage': { paperId: string; userId: string; examId: string | null; leaveCount: number; at: string };
  /** An administrator voided a paper (it no longer counts). */
  'paper.voided': { paperId: string; userId: string; examId: string | null; reason: string };
  /** A finished paper passed its exam. */
  'exam.passed': { paperId: string; userId: string; examId: string; score: number; passedAt: string };
  /** A learner completed a course; title and credit hours as the course had them then (certificates print them). */
  'course.completed': { courseId: string; userId: string; completedAt: string; title?: string; hours?: number };
  'notice.published': { noticeId: string };
  /**
   * Practice answers were marked (an answer outside mock mode, a self-mark, a mock session's
   * finish): item statistics and mastery follow. The questions only; consumers read the rows.
   */
  'practice.answered': { trainId: string; userId: string; quIds: string[]; answeredAt: string };
  /** The media server accepted a stream for a room (its publish callback). */
  'live.started': { liveId: string; startedAt: string };
  /** The stream of a room stopped (the publish-done callback). */
  'live.ended': { liveId: string; endedAt: string };
}

export type DomainEventName = keyof DomainEventMap;

/** What `publish` takes. */
export type DomainEventInput<N extends DomainEventName = DomainEventName> = {
  [K in N]: { name: K; payload: DomainEventMap[K] };
}[N];

/** What a consumer receives: the published event plus its outbox id and time. */
export type DomainEvent<N extends DomainEventName = DomainEventName> = {
  [K in N]: { id: string; name: K; payload: DomainEventMap[K]; createdAt: Date };
}[N];

/**
 * 远程监考 (remote proctoring): the learner's consent, the identity checks at the door, the snapshots
 * and flags of an attempt's timeline, the invigilator's actions, the review after the exam, and the
 * retention holds. The exam's setting is on el_exam (`proctor`); the face descriptors on
 * sys_user_face. Snapshot images are blobs of the storage port; rows keep their keys only.
 */
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz } from './columns.js';

/** The learner's consent to an exam's proctoring, to one version of its notice. */
export const elProctorConsent = pgTable(
  'el_proctor_consent',
  {
    examId: text('exam_id').notNull(),
    userId: text('user_id').notNull(),
    version: text('version').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] })],
);

/**
 * The door of an exam for one learner: passed (by the check or an invigilator's admission), the
 * failures, and a pending request to be admitted.
 */
export const elProctorDoor = pgTable(
  'el_proctor_door',
  {
    examId: text('exam_id').notNull(),
    userId: text('user_id').notNull(),
    passedAt: tz('passed_at'),
    /** The check's similarity to the enrolled face (null when enrolled at the door or admitted). */
    similarity: doublePrecision('similarity'),
    /** The face was enrolled at this door (the learner had none). */
    enrolledHere: boolean('enrolled_here').notNull().default(false),
    failures: integer('failures').notNull().default(0),
    admitRequestedAt: tz('admit_requested_at'),
    admittedBy: text('admitted_by'),
    admitReason: text('admit_reason'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] })],
);

/** A camera snapshot of an attempt; the image is a blob of the storage port. */
export const elProctorSnapshot = pgTable(
  'el_proctor_snapshot',
  {
    id: idColumn(),
    paperId: text('paper_id').notNull(),
    examId: text('exam_id').notNull(),
    userId: text('user_id').notNull(),
    /** 'main' | 'second'. */
    source: text('source').notNull(),
    reason: text('reason').notNull(),
    blobKey: text('blob_key').notNull(),
    bytes: integer('bytes').notNull(),
    /** Faces the browser found; the server's own count when it re-checked. */
    faces: integer('faces'),
    /** Cosine similarity of the face to the enrolled one (browser descriptor, or the server's re-check). */
    similarity: doublePrecision('similarity'),
    serverChecked: boolean('server_checked').notNull().default(false),
    /** The server's re-check disagreed with the browser's findings. */
    disagreed: boolean('disagreed').notNull().default(false),
    takenAt: tz('taken_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('el_proctor_snapshot_paper_idx').on(t.paperId, t.createdAt),
    index('el_proctor_snapshot_exam_idx').on(t.examId),
  ],
);

/** A flag or an invigilator's action on an attempt's timeline. */
export const elProctorEvent = pgTable(
  'el_proctor_event',
  {
    id: idColumn(),
    paperId: text('paper_id'),
    examId: text('exam_id').notNull(),
    userId: text('user_id').notNull(),
    /** A flag (contracts ProctorFlag) or an action: 'warn' | 'pause' | 'resume' | 'void' | 'admit' | 'camera-on' | 'door-passed'. */
    kind: text('kind').notNull(),
    snapshotId: text('snapshot_id'),
    detail: text('detail'),
    actorId: text('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('el_proctor_event_paper_idx').on(t.paperId, t.createdAt),
    index('el_proctor_event_exam_idx').on(t.examId, t.userId),
  ],
);

/** The room's live proctoring state of an attempt (paused, camera, second camera's last sign). */
export const elProctorRoom = pgTable('el_proctor_room', {
  paperId: text('paper_id').primaryKey(),
  examId: text('exam_id').notNull(),
  userId: text('user_id').notNull(),
  paused: boolean('paused').notNull().default(false),
  cameraStopped: boolean('camera_stopped').notNull().default(false),
  warning: text('warning'),
  warnedAt: tz('warned_at'),
  lastSnapshotAt: tz('last_snapshot_at'),
  secondSeenAt: tz('second_seen_at'),
  secondLost: boolean('second_lost').notNull().default(false),
  risk: integer('risk').notNull().default(0),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** The reviewer's decision on a flagged attempt, kept with it and shown in reports. */
export const elProctorReview = pgTable('el_proctor_review', {
  paperId: text('paper_id').primaryKey(),
  examId: text('exam_id').notNull(),
  /** 1 cleared, 2 warned, 3 voided. */
  decision: smallint('decision').notNull(),
  reason: text('reason').notNull(),
  reviewerId: text('reviewer_id').notNull(),
  createdAt: createdAt(),
});

/** Every view of a learner's snapshots (who, whose, when). */
export const elProctorView = pgTable(
  'el_proctor_view',
  {
    id: idColumn(),
    viewerId: text('viewer_id').notNull(),
    paperId: text('paper_id').notNull(),
    /** 'timeline' | 'image'. */
    what: text('what').notNull(),
    snapshotId: text('snapshot_id'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('el_proctor_view_paper_idx').on(t.paperId, t.createdAt)],
);

/** An administrator's extension of an exam's snapshot retention (an appeal). */
export const elProctorHold = pgTable('el_proctor_hold', {
  examId: text('exam_id').primaryKey(),
  keepUntil: tz('keep_until').notNull(),
  reason: text('reason').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
});

/** Endpoints of remote proctoring (远程监考): the learner's door and room, the phone, the console, the review. */

import { z } from 'zod';
import { endpoint, fileEndpoint } from '../endpoint.js';
import { zPage, zPageRequest } from '../envelope.js';
import {
  ZCameraStateResultSchema,
  ZCameraStateSchema,
  ZChallengeSchema,
  ZChallengeStepResultSchema,
  ZChallengeStepSchema,
  ZProctorAdmitSchema,
  ZProctorConsentSchema,
  ZProctorExamSchema,
  ZProctorNoticeSchema,
  ZProctorPaperSchema,
  ZProctorPauseSchema,
  ZProctorReviewSchema,
  ZProctorRoomSchema,
  ZProctorRowsSchema,
  ZProctorTimelineSchema,
  ZProctorWarnSchema,
  ZRetentionHoldSchema,
  ZRetentionSchema,
  ZReviewQueueParamsSchema,
  ZReviewQueueRowSchema,
  ZSecondCameraInfoSchema,
  ZSecondCameraLinkSchema,
  ZSecondSnapshotSchema,
  ZSecondTokenSchema,
  ZSnapshotIdSchema,
  ZSnapshotUploadResultSchema,
  ZSnapshotUploadSchema,
} from '../exam/proctor.js';

// The learner's side (check page and room).

/** What is collected, why, for how long and who sees it; the learner's consent and door state. */
export const examProctorNotice = endpoint({
  path: '/api/exam/proctor/notice',
  body: ZProctorExamSchema,
  data: ZProctorNoticeSchema,
  access: 'user',
  operation: false,
});

export const examProctorConsent = endpoint({
  path: '/api/exam/proctor/consent',
  body: ZProctorConsentSchema,
  data: ZProctorNoticeSchema,
  access: 'user',
  operation: false,
});

/** A new identity check: the server's random steps (a learner without a face enrols by passing it). */
export const examProctorChallenge = endpoint({
  path: '/api/exam/proctor/challenge',
  body: ZProctorExamSchema,
  data: ZChallengeSchema,
  access: 'user',
  operation: false,
});

export const examProctorChallengeStep = endpoint({
  path: '/api/exam/proctor/challenge/step',
  body: ZChallengeStepSchema,
  data: ZChallengeStepResultSchema,
  access: 'user',
  operation: false,
});

/** After PROCTOR_DOOR_FAILURES failures: ask the invigilator to admit. */
export const examProctorAdmitRequest = endpoint({
  path: '/api/exam/proctor/admit-request',
  body: ZProctorExamSchema,
  data: ZProctorNoticeSchema,
  access: 'user',
  operation: false,
});

export const examProctorRoom = endpoint({
  path: '/api/exam/proctor/room',
  body: ZProctorPaperSchema,
  data: ZProctorRoomSchema,
  access: 'user',
  operation: false,
});

export const examProctorSnapshot = endpoint({
  path: '/api/exam/proctor/snapshot',
  body: ZSnapshotUploadSchema,
  data: ZSnapshotUploadResultSchema,
  access: 'user',
  operation: false,
});

export const examProctorCamera = endpoint({
  path: '/api/exam/proctor/camera',
  body: ZCameraStateSchema,
  data: ZCameraStateResultSchema,
  access: 'user',
  operation: false,
});

/** The second camera's QR link for the learner's own open paper. */
export const examProctorSecondLink = endpoint({
  path: '/api/exam/proctor/second/link',
  body: ZProctorPaperSchema,
  data: ZSecondCameraLinkSchema,
  access: 'user',
  operation: false,
});

// The phone (second camera): its signed token is its only key.

export const examProctorSecondInfo = endpoint({
  path: '/api/exam/proctor/second/info',
  body: ZSecondTokenSchema,
  data: ZSecondCameraInfoSchema,
  access: 'public',
  operation: false,
});

export const examProctorSecondSnapshot = endpoint({
  path: '/api/exam/proctor/second/snapshot',
  body: ZSecondSnapshotSchema,
  data: ZSnapshotUploadResultSchema,
  access: 'public',
  operation: false,
});

// The invigilator (console) and the reviewer.

export const examProctorRows = endpoint({
  path: '/api/exam/proctor/row-list',
  body: ZProctorExamSchema,
  data: ZProctorRowsSchema,
  access: { permission: 'exam:invigilate:view' },
  operation: false,
});

/** A learner's timeline; every call is logged as a view of their snapshots. */
export const examProctorTimeline = endpoint({
  path: '/api/exam/proctor/timeline-detail',
  body: ZProctorPaperSchema,
  data: ZProctorTimelineSchema,
  access: { permission: 'exam:invigilate:view' },
  operation: false,
});

/** One snapshot's image (JPEG); every call is logged as a view. */
export const examProctorSnapshotImage = fileEndpoint({
  path: '/api/exam/proctor/snapshot/image-preview',
  body: ZSnapshotIdSchema,
  access: { permission: 'exam:invigilate:view' },
  operation: false,
});

export const examProctorWarn = endpoint({
  path: '/api/exam/proctor/warn',
  body: ZProctorWarnSchema,
  data: z.null(),
  access: { permission: 'exam:invigilate:msg' },
  operation: true,
});

export const examProctorPause = endpoint({
  path: '/api/exam/proctor/pause',
  body: ZProctorPauseSchema,
  data: z.object({ paused: z.boolean() }),
  access: { permission: 'exam:invigilate:pause' },
  operation: true,
});

export const examProctorAdmit = endpoint({
  path: '/api/exam/proctor/admit',
  body: ZProctorAdmitSchema,
  data: z.null(),
  access: { permission: 'exam:invigilate:admit' },
  operation: true,
});

export const examProctorReviewPaging = endpoint({
  path: '/api/exam/proctor/review/paging',
  body: zPageRequest(ZReviewQueueParamsSchema),
  data: zPage(ZReviewQueueRowSchema),
  access: { permission: 'exam:proctor:review' },
  operation: false,
});

export const examProctorReviewSave = endpoint({
  path: '/api/exam/proctor/review/save',
  body: ZProctorReviewSchema,
  data: z.null(),
  access: { permission: 'exam:proctor:review' },
  operation: true,
});

export const examProctorRetention = endpoint({
  path: '/api/exam/proctor/retention-detail',
  body: ZProctorExamSchema,
  data: ZRetentionSchema,
  access: { permission: 'exam:proctor:review' },
  operation: false,
});

export const examProctorRetentionHold = endpoint({
  path: '/api/exam/proctor/retention/hold',
  body: ZRetentionHoldSchema,
  data: ZRetentionSchema,
  access: { permission: 'exam:proctor:retention' },
  operation: true,
});

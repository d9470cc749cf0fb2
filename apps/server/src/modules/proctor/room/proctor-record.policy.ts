/**
 * The policy of an attempt's proctoring record (the door, snapshots, flags, risk, review). The
 * learner's door calls are on their own consent and checks of an exam open to them; the room calls
 * are on their own open paper (the service reads it with their id: another's is refused); the console's calls ask the exam's invigilate rule and the user policy's data scope in
 * the service (console/console.service.ts watchedPaper); review and retention cut to the
 * reviewer's data scope in the service.
 */
import {
  examProctorAdmitRequest,
  examProctorCamera,
  examProctorChallenge,
  examProctorConsent,
  examProctorNotice,
  examProctorPause,
  examProctorRetention,
  examProctorRetentionHold,
  examProctorReviewPaging,
  examProctorReviewSave,
  examProctorRoom,
  examProctorRows,
  examProctorSecondLink,
  examProctorSnapshot,
  examProctorSnapshotImage,
  examProctorTimeline,
  examProctorWarn,
} from '@exam/contracts';
import { definePolicy, guardEndpoints, holderOfTag, ownRowsOnly } from '../../../platform/policy/index.js';

export const proctorRecordPolicy = definePolicy({
  aggregate: 'proctor-record',
  rules: {
    /** The learner's own door of an exam: the service asks the exam's audience and window for them. */
    door: ownRowsOnly,
    /** The learner's own open paper. */
    sit: ownRowsOnly,
    /** The invigilator's view and actions: exam and learner asked in the service. */
    invigilate: holderOfTag,
    /** The review and retention: the reviewer's data scope, asked in the service. */
    review: holderOfTag,
  },
});

guardEndpoints(proctorRecordPolicy, {
  [examProctorNotice.path]: ['door', () => null],
  [examProctorConsent.path]: ['door', () => null],
  [examProctorChallenge.path]: ['door', () => null],
  [examProctorAdmitRequest.path]: ['door', () => null],
  [examProctorRoom.path]: ['sit', () => null],
  [examProctorSnapshot.path]: ['sit', () => null],
  [examProctorCamera.path]: ['sit', () => null],
  [examProctorSecondLink.path]: ['sit', () => null],
  [examProctorRows.path]: ['invigilate', () => null],
  [examProctorTimeline.path]: ['invigilate', () => null],
  [examProctorSnapshotImage.path]: ['invigilate', () => null],
  [examProctorWarn.path]: ['invigilate', () => null],
  [examProctorPause.path]: ['invigilate', () => null],
  [examProctorReviewPaging.path]: ['review', () => null],
  [examProctorReviewSave.path]: ['review', () => null],
  [examProctorRetention.path]: ['review', () => null],
  [examProctorRetentionHold.path]: ['review', () => null],
});

/**
 * The policy of an active liveness check (sys_face_challenge). A session is answered only by the
 * user it was started for: the service reads it with the caller's id (enrolment, an exam's door) and
 * refuses another's as not found. A sign-in's session is public until it succeeds (nobody is signed
 * in yet): its id is the only key, unguessable, single-use and short-lived.
 */
import { examProctorChallengeStep, sysUserFaceEnrol } from '@exam/contracts';
import { definePolicy, guardEndpoints, ownRowsOnly } from '../../../platform/policy/index.js';

export const faceChallengePolicy = definePolicy({
  aggregate: 'face-challenge',
  rules: {
    /** The caller's own session (enrolment, the exam's door). */
    answer: ownRowsOnly,
  },
});

guardEndpoints(faceChallengePolicy, {
  [sysUserFaceEnrol.path]: ['answer', () => null],
  [examProctorChallengeStep.path]: ['answer', () => null],
});

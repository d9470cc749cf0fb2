/** Endpoints of candidates: the organiser's link settings, and the candidate's own calls. */

import { z } from 'zod';
import {
  ZCandidateLandingSchema,
  ZCandidateMeSchema,
  ZCandidateRegisterSchema,
  ZCandidateSessionSchema,
  ZCandidateSmsSchema,
  ZCandidateTokenBody,
  ZCaptchaChallengeSchema,
  ZExamIdBody,
  ZOpenLinkSaveSchema,
  ZOpenLinkSchema,
} from '../candidate.js';
import { endpoint } from '../endpoint.js';
import { ZPaperCreatedSchema } from '../exam/paper.js';

export const candidateLinkDetail = endpoint({
  path: '/api/candidate/link/detail',
  body: ZExamIdBody,
  data: ZOpenLinkSchema,
  access: { permission: 'exam:exam:view' },
  operation: false,
});

export const candidateLinkSave = endpoint({
  path: '/api/candidate/link/save',
  body: ZOpenLinkSaveSchema,
  data: ZOpenLinkSchema,
  access: { permission: 'exam:exam:save' },
  operation: true,
});

/** A new token: the old link stops working. */
export const candidateLinkRenew = endpoint({
  path: '/api/candidate/link/renew',
  body: ZExamIdBody,
  data: ZOpenLinkSchema,
  access: { permission: 'exam:exam:save' },
  operation: true,
});

export const candidateOpenLanding = endpoint({
  path: '/api/candidate/open/landing',
  body: ZCandidateTokenBody,
  data: ZCandidateLandingSchema,
  access: 'public',
  operation: false,
});

export const candidateOpenCaptcha = endpoint({
  path: '/api/candidate/open/captcha',
  body: ZCandidateTokenBody,
  data: ZCaptchaChallengeSchema,
  access: 'public',
  operation: false,
});

export const candidateOpenSendCode = endpoint({
  path: '/api/candidate/open/send-code',
  body: ZCandidateSmsSchema,
  data: z.object({ expiresIn: z.number(), resendIn: z.number() }),
  access: 'public',
  operation: false,
});

export const candidateOpenRegister = endpoint({
  path: '/api/candidate/open/register',
  body: ZCandidateRegisterSchema,
  data: ZCandidateSessionSchema,
  access: 'public',
  operation: false,
});

/** The candidate session's own page: its exam and its paper (a candidate session only). */
export const candidateSelfMe = endpoint({
  path: '/api/candidate/self/me',
  data: ZCandidateMeSchema,
  access: 'user',
  operation: false,
});

/** Ends the candidate session (after the result, or to leave). */
export const candidateSelfLeave = endpoint({
  path: '/api/candidate/self/leave',
  data: z.null(),
  access: 'user',
  operation: false,
});

/** Starts (or resumes) the candidate's attempt of its exam, through the sitting's ordinary start. */
export const candidateSelfStart = endpoint({
  path: '/api/candidate/self/start',
  body: z.object({ canFullScreen: z.boolean().nullish() }),
  data: ZPaperCreatedSchema,
  access: 'user',
  operation: false,
});

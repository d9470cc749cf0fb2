/** Endpoints of the organiser's candidate list of an exam and the open link's pictures. */
import { z } from 'zod';
import { endpoint, fileEndpoint } from '../endpoint.js';
import { zPage } from '../envelope.js';
import {
  ZCandidateConvertedSchema,
  ZCandidateConvertSchema,
  ZCandidateDetailSchema,
  ZCandidateExamSchema,
  ZCandidateIdsSchema,
  ZCandidateInterviewSchema,
  ZCandidateOneSchema,
  ZCandidateRosterPagingSchema,
  ZCandidateRosterParamsSchema,
  ZCandidateRowSchema,
  ZCandidateSmsReportSchema,
} from '../exam/candidate-roster.js';

export const candidateRosterPaging = endpoint({
  path: '/api/candidate/roster/paging',
  body: ZCandidateRosterPagingSchema,
  data: zPage(ZCandidateRowSchema),
  access: { permission: 'exam:candidate:view' },
  operation: false,
});

/** One candidate unmasked; the server writes each view to the log (personal data shown). */
export const candidateRosterDetail = endpoint({
  path: '/api/candidate/roster/detail',
  body: ZCandidateOneSchema,
  data: ZCandidateDetailSchema,
  access: { permission: 'exam:candidate:view' },
  operation: false,
});

/** The list as xlsx (full fields); the server logs who, when, which exam and how many rows. */
export const candidateRosterExport = fileEndpoint({
  path: '/api/candidate/roster/export',
  body: ZCandidateRosterParamsSchema,
  access: { permission: 'exam:candidate:export' },
  operation: false,
});

export const candidateRosterInterview = endpoint({
  path: '/api/candidate/roster/interview',
  body: ZCandidateInterviewSchema,
  data: z.object({ changed: z.number().int() }),
  access: { permission: 'exam:candidate:manage' },
  operation: true,
});

export const candidateRosterSmsResult = endpoint({
  path: '/api/candidate/roster/sms-result',
  body: ZCandidateIdsSchema,
  data: ZCandidateSmsReportSchema,
  access: { permission: 'exam:candidate:manage' },
  operation: true,
});

export const candidateRosterConvert = endpoint({
  path: '/api/candidate/roster/convert',
  body: ZCandidateConvertSchema,
  data: ZCandidateConvertedSchema,
  access: { permission: 'exam:candidate:convert' },
  operation: true,
});

/** The open link's QR code (PNG). */
export const candidateRosterQrExport = fileEndpoint({
  path: '/api/candidate/roster/qr-export',
  body: ZCandidateExamSchema,
  access: { permission: 'exam:candidate:view' },
  operation: false,
});

/** The open link's poster (PNG with the exam's title and the QR code). */
export const candidateRosterPosterExport = fileEndpoint({
  path: '/api/candidate/roster/poster-export',
  body: ZCandidateExamSchema,
  access: { permission: 'exam:candidate:view' },
  operation: false,
});

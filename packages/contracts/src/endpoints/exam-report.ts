/** Endpoints of printing (PDF papers) and of the reports across exams. */
import { z } from 'zod';
import { endpoint, fileEndpoint } from '../endpoint.js';
import {
  ZDeptReportQuerySchema,
  ZDeptReportRowSchema,
  ZExamTrendQuerySchema,
  ZExamTrendRowSchema,
  ZPrintAnsweredSchema,
  ZPrintPaperSchema,
  ZTranscriptQuerySchema,
  ZTranscriptSchema,
} from '../exam/report.js';

/** The paper of an exam (or a template) as a PDF, blank or with the key and analysis. */
export const examPrintPaperPreview = fileEndpoint({
  path: '/api/exam/print/paper-preview',
  body: ZPrintPaperSchema,
  access: { permission: 'exam:print:paper' },
  operation: false,
});

/** A learner's answered paper with the marks as a PDF (the paper's learner must be in the data scope). */
export const examPrintAnsweredPreview = fileEndpoint({
  path: '/api/exam/print/answered-preview',
  body: ZPrintAnsweredSchema,
  access: { permission: 'exam:print:answer' },
  operation: false,
});

/** Learners in the data scope, by user name or real name (the transcript's picker). */
export const examReportLearnerList = endpoint({
  path: '/api/exam/report/learner-list',
  body: z.object({ keyword: z.string().trim().max(50).nullish().describe('用户名或姓名') }),
  data: z.array(
    z.object({ id: z.string(), userName: z.string(), realName: z.string(), deptName: z.string().nullable() }),
  ),
  access: { permission: 'exam:report:view' },
  operation: false,
});

export const examReportTranscriptDetail = endpoint({
  path: '/api/exam/report/transcript-detail',
  body: ZTranscriptQuerySchema,
  data: ZTranscriptSchema,
  access: { permission: 'exam:report:view' },
  operation: false,
});

export const examReportTranscriptExport = fileEndpoint({
  path: '/api/exam/report/transcript-export',
  body: ZTranscriptQuerySchema,
  access: { permission: 'exam:report:export' },
  operation: false,
});

export const examReportDeptStat = endpoint({
  path: '/api/exam/report/dept-stat',
  body: ZDeptReportQuerySchema,
  data: z.array(ZDeptReportRowSchema),
  access: { permission: 'exam:report:view' },
  operation: false,
});

export const examReportDeptExport = fileEndpoint({
  path: '/api/exam/report/dept-export',
  body: ZDeptReportQuerySchema,
  access: { permission: 'exam:report:export' },
  operation: false,
});

export const examReportTrendStat = endpoint({
  path: '/api/exam/report/trend-stat',
  body: ZExamTrendQuerySchema,
  data: z.array(ZExamTrendRowSchema),
  access: { permission: 'exam:report:view' },
  operation: false,
});

export const examReportTrendExport = fileEndpoint({
  path: '/api/exam/report/trend-export',
  body: ZExamTrendQuerySchema,
  access: { permission: 'exam:report:export' },
  operation: false,
});

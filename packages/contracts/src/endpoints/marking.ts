/** Endpoints of regrading (/api/exam/regrade/*) and marking by question (/api/paper/mark-qu/*). */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZIdSchema, zPage, zPageRequest } from '../envelope.js';
import {
  ZMarkQuBoardSchema,
  ZMarkQuExamSchema,
  ZMarkQuListSchema,
  ZMarkQuQuestionSchema,
  ZMarkQuSaveResultSchema,
  ZMarkQuSaveSchema,
  ZMarkSettingSchema,
} from '../exam/mark-qu.js';
import {
  ZRegradeExamSchema,
  ZRegradeItemSchema,
  ZRegradeJobSchema,
  ZRegradeQuSchema,
  ZRegradeReportParamsSchema,
  ZRegradeStartSchema,
} from '../exam/regrade.js';

export const examRegradeQuestionList = endpoint({
  path: '/api/exam/regrade/question-list',
  body: ZRegradeExamSchema,
  data: z.array(ZRegradeQuSchema),
  access: { permission: 'exam:regrade:view' },
  operation: false,
});

export const examRegradeStart = endpoint({
  path: '/api/exam/regrade/start',
  body: ZRegradeStartSchema,
  data: ZRegradeJobSchema,
  access: { permission: 'exam:regrade:run' },
  operation: true,
});

export const examRegradeDetail = endpoint({
  path: '/api/exam/regrade/detail',
  body: ZIdSchema,
  data: ZRegradeJobSchema,
  access: { permission: 'exam:regrade:view' },
  operation: false,
});

export const examRegradeJobList = endpoint({
  path: '/api/exam/regrade/job-list',
  body: ZRegradeExamSchema,
  data: z.array(ZRegradeJobSchema),
  access: { permission: 'exam:regrade:view' },
  operation: false,
});

export const examRegradeReportPaging = endpoint({
  path: '/api/exam/regrade/report-paging',
  body: zPageRequest(ZRegradeReportParamsSchema),
  data: zPage(ZRegradeItemSchema),
  access: { permission: 'exam:regrade:view' },
  operation: false,
});

export const paperMarkQuQuestionList = endpoint({
  path: '/api/paper/mark-qu/question-list',
  body: ZMarkQuExamSchema,
  data: z.array(ZMarkQuQuestionSchema),
  access: { permission: 'exam:mark:view' },
  operation: false,
});

export const paperMarkQuList = endpoint({
  path: '/api/paper/mark-qu/list',
  body: ZMarkQuListSchema,
  data: ZMarkQuBoardSchema,
  access: { permission: 'exam:mark:view' },
  operation: false,
});

export const paperMarkQuSave = endpoint({
  path: '/api/paper/mark-qu/save',
  body: ZMarkQuSaveSchema,
  data: ZMarkQuSaveResultSchema,
  access: { permission: 'exam:mark:save' },
  operation: true,
});

export const paperMarkQuArbitrationList = endpoint({
  path: '/api/paper/mark-qu/arbitration-list',
  body: ZMarkQuListSchema,
  data: ZMarkQuBoardSchema,
  access: { permission: 'exam:mark:arbitrate' },
  operation: false,
});

export const paperMarkQuArbitrate = endpoint({
  path: '/api/paper/mark-qu/arbitrate',
  body: ZMarkQuSaveSchema,
  data: ZMarkQuSaveResultSchema,
  access: { permission: 'exam:mark:arbitrate' },
  operation: true,
});

export const paperMarkQuSettingDetail = endpoint({
  path: '/api/paper/mark-qu/setting-detail',
  body: ZMarkQuExamSchema,
  data: ZMarkSettingSchema,
  access: { permission: 'exam:mark:view' },
  operation: false,
});

export const paperMarkQuSettingSave = endpoint({
  path: '/api/paper/mark-qu/setting/save',
  body: ZMarkSettingSchema,
  data: z.null(),
  access: { permission: 'exam:mark:setting' },
  operation: true,
});

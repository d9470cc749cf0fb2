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

export const examRegradeQuestions = endpoint({
  path: '/api/exam/regrade/questions',
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

export const examRegradeProgress = endpoint({
  path: '/api/exam/regrade/progress',
  body: ZIdSchema,
  data: ZRegradeJobSchema,
  access: { permission: 'exam:regrade:view' },
  operation: false,
});

export const examRegradeJobs = endpoint({
  path: '/api/exam/regrade/jobs',
  body: ZRegradeExamSchema,
  data: z.array(ZRegradeJobSchema),
  access: { permission: 'exam:regrade:view' },
  operation: false,
});

export const examRegradeReport = endpoint({
  path: '/api/exam/regrade/report',
  body: zPageRequest(ZRegradeReportParamsSchema),
  data: zPage(ZRegradeItemSchema),
  access: { permission: 'exam:regrade:view' },
  operation: false,
});

export const paperMarkQuQuestions = endpoint({
  path: '/api/paper/mark-qu/questions',
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

export const paperMarkQuArbitration = endpoint({
  path: '/api/paper/mark-qu/arbitration',
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

export const paperMarkQuSetting = endpoint({
  path: '/api/paper/mark-qu/setting',
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

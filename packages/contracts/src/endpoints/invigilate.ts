/** Endpoints of the invigilation console (监考) and the exam room's beat. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  ZInvigilateAddTimeResultSchema,
  ZInvigilateAddTimeSchema,
  ZInvigilateExamSchema,
  ZInvigilateMsgResultSchema,
  ZInvigilateMsgSchema,
  ZInvigilatePaperActionSchema,
  ZInvigilateSnapshotSchema,
  ZRoomBeatResultSchema,
  ZRoomBeatSchema,
} from '../exam/invigilate.js';

export const examInvigilateDetail = endpoint({
  path: '/api/exam/invigilate/detail',
  body: ZInvigilateExamSchema,
  data: ZInvigilateSnapshotSchema,
  access: { permission: 'exam:invigilate:view' },
  operation: false,
});

export const examInvigilateMsg = endpoint({
  path: '/api/exam/invigilate/msg',
  body: ZInvigilateMsgSchema,
  data: ZInvigilateMsgResultSchema,
  access: { permission: 'exam:invigilate:msg' },
  operation: true,
});

export const examInvigilateAddTime = endpoint({
  path: '/api/exam/invigilate/add-time',
  body: ZInvigilateAddTimeSchema,
  data: ZInvigilateAddTimeResultSchema,
  access: { permission: 'exam:invigilate:time' },
  operation: true,
});

export const examInvigilateHand = endpoint({
  path: '/api/exam/invigilate/hand',
  body: ZInvigilatePaperActionSchema,
  data: z.object({ state: z.number().int() }),
  access: { permission: 'exam:invigilate:hand' },
  operation: true,
});

export const examInvigilateVoid = endpoint({
  path: '/api/exam/invigilate/void',
  body: ZInvigilatePaperActionSchema,
  data: z.null(),
  access: { permission: 'exam:invigilate:void' },
  operation: true,
});

/** The exam room's beat (learner): presence, the deadline and the invigilator's new messages. */
export const examInvigilateBeat = endpoint({
  path: '/api/exam/invigilate/beat',
  body: ZRoomBeatSchema,
  data: ZRoomBeatResultSchema,
  access: 'user',
  operation: false,
});

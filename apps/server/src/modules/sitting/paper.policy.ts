/**
 * The paper's policy (templates, the learner's own paper, the marker's paper). Templates are shared
 * content of the template pages' tags. A learner's paper is their own: every sitting call reads it
 * with their id (another's is not found) and the sitting guard decides what it shows. A marker
 * marks the papers of the learners of their data scope (the marking lists and details are cut by
 * it in mark.service.ts and mark-by-question.service.ts); the assistant's mark suggestion asks the
 * same rule.
 */
import {
  assistantMarkSuggest,
  examInvigilateAddTime,
  examInvigilateBeat,
  examInvigilateHand,
  examInvigilateVoid,
  paperMarkDetail,
  paperMarkPaging,
  paperMarkQuArbitrate,
  paperMarkQuArbitrationList,
  paperMarkQuList,
  paperMarkQuQuestionList,
  paperMarkQuSave,
  paperMarkQuSettingDetail,
  paperMarkQuSettingSave,
  paperMarkSave,
  paperPaperAbandon,
  paperPaperClaim,
  paperPaperCreate,
  paperPaperDetail,
  paperPaperFillAnswer,
  paperPaperHand,
  paperPaperLeave,
  paperPaperQuDetail,
  paperPaperRecordPaging,
  paperPaperResult,
  paperTmplBlueprintCheck,
  paperTmplBlueprintPoints,
  paperTmplDelete,
  paperTmplDetail,
  paperTmplForms,
  paperTmplPreview,
  paperTmplSave,
} from '@exam/contracts';
import { definePolicy, guardEndpoints, holderOfTag, ownRowsOnly } from '../../platform/policy/index.js';

export const paperPolicy = definePolicy({
  aggregate: 'paper',
  rules: {
    viewTemplate: holderOfTag,
    editTemplate: holderOfTag,
    /** The learner's own paper. */
    sit: ownRowsOnly,
    /** The marker's paper: marking lists and details are cut to the marker's data scope. */
    mark: holderOfTag,
    /** A paper in the invigilation console: the console's exam and the learner are asked in the service. */
    invigilate: holderOfTag,
  },
});

guardEndpoints(paperPolicy, {
  [paperTmplDetail.path]: ['viewTemplate', (b) => b.id],
  [paperTmplPreview.path]: ['viewTemplate', (b) => b.id],
  [paperTmplSave.path]: ['editTemplate', (b) => b.id],
  [paperTmplDelete.path]: ['editTemplate', (b) => b.ids],
  [paperTmplBlueprintCheck.path]: ['viewTemplate', () => null],
  [paperTmplBlueprintPoints.path]: ['viewTemplate', () => null],
  [paperTmplForms.path]: ['editTemplate', (b) => b.id],
  [paperPaperCreate.path]: ['sit', () => null],
  [paperPaperDetail.path]: ['sit', () => null],
  [paperPaperQuDetail.path]: ['sit', () => null],
  [paperPaperFillAnswer.path]: ['sit', () => null],
  [paperPaperClaim.path]: ['sit', () => null],
  [paperPaperLeave.path]: ['sit', () => null],
  [paperPaperHand.path]: ['sit', () => null],
  [paperPaperAbandon.path]: ['sit', () => null],
  [paperPaperResult.path]: ['sit', () => null],
  [paperPaperRecordPaging.path]: ['sit', () => null],
  [examInvigilateBeat.path]: ['sit', () => null],
  [paperMarkPaging.path]: ['mark', () => null],
  [paperMarkDetail.path]: ['mark', () => null],
  [paperMarkSave.path]: ['mark', () => null],
  [paperMarkQuQuestionList.path]: ['mark', () => null],
  [paperMarkQuList.path]: ['mark', () => null],
  [paperMarkQuSave.path]: ['mark', () => null],
  [paperMarkQuArbitrationList.path]: ['mark', () => null],
  [paperMarkQuArbitrate.path]: ['mark', () => null],
  [paperMarkQuSettingDetail.path]: ['mark', () => null],
  [paperMarkQuSettingSave.path]: ['mark', () => null],
  [assistantMarkSuggest.path]: ['mark', () => null],
  [examInvigilateAddTime.path]: ['invigilate', () => null],
  [examInvigilateHand.path]: ['invigilate', () => null],
  [examInvigilateVoid.path]: ['invigilate', () => null],
});

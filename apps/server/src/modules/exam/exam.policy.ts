/**
 * The exam's policy. Exams are shared content: the holders of the exam pages' tags read, change,
 * arrange, report on and regrade them all, and every list of learners or papers inside is cut to
 * the administrator's data scope by its service (the user policy's scope, system/data-scope.ts);
 * an arrangement or a re-sit names only learners of that scope (the user policy's `actOn`). The
 * invigilation console is narrower: an administrator invigilates an exam only when their scope is
 * 全部, they created it, or a learner of its audience or a holder of its paper lies in their scope
 * (invigilate/invigilate-access.ts) — asked by the console's snapshot, its actions and its realtime
 * topic. A learner enters an exam through the entry gate (exam-entry.ts), which reads it with their
 * audience condition.
 */
import {
  examExamCheck,
  examExamDelete,
  examExamDetail,
  examExamOverrideDelete,
  examExamOverrideList,
  examExamOverrideSave,
  examExamResit,
  examExamResitPreview,
  examExamRestore,
  examExamSave,
  examExamState,
  examPrintAnsweredPreview,
  examPrintPaperPreview,
  examRegradeDetail,
  examRegradeJobList,
  examRegradeQuestionList,
  examRegradeReportPaging,
  examRegradeStart,
  examReportDeptExport,
  examReportDeptStat,
  examReportTranscriptDetail,
  examReportTranscriptExport,
  examResultExport,
  examResultPaperDetail,
  examResultPaperPaging,
  examResultQuStat,
  examResultStat,
  examResultUserPaging,
  examResultVoid,
} from '@exam/contracts';
import {
  definePolicy,
  guardEndpoints,
  holderOfTag,
  ownRowsOnly,
  type PolicyContext,
} from '../../platform/policy/index.js';
import { assertMayInvigilate, type ExamFacts } from './invigilate/invigilate-access.js';

export const examPolicy = definePolicy({
  aggregate: 'exam',
  rules: {
    view: holderOfTag,
    edit: holderOfTag,
    delete: holderOfTag,
    arrange: holderOfTag,
    result: holderOfTag,
    report: holderOfTag,
    print: holderOfTag,
    regrade: holderOfTag,
    /** 10010004 该考试的考生不在您的数据权限范围内，不能监考 (invigilate-access.ts). */
    invigilate: ({ db, actor }: PolicyContext, exam: ExamFacts) => assertMayInvigilate(db, actor, exam),
    /** A learner's own entry: the entry gate reads the exam with their audience condition. */
    enter: ownRowsOnly,
  },
});

guardEndpoints(examPolicy, {
  [examExamCheck.path]: ['enter', (b) => b.id],
  [examExamDetail.path]: ['view', (b) => b.id],
  [examExamDelete.path]: ['delete', (b) => b.ids],
  [examExamState.path]: ['edit', (b) => b.ids],
  [examExamRestore.path]: ['edit', (b) => b.ids],
  [examExamSave.path]: ['edit', (b) => b.id],
  [examExamOverrideList.path]: ['arrange', () => null],
  [examExamOverrideDelete.path]: ['arrange', (b) => b.ids],
  [examExamOverrideSave.path]: ['arrange', () => null],
  [examExamResitPreview.path]: ['arrange', () => null],
  [examExamResit.path]: ['arrange', () => null],
  [examResultUserPaging.path]: ['result', () => null],
  [examResultPaperPaging.path]: ['result', () => null],
  [examResultStat.path]: ['result', () => null],
  [examResultQuStat.path]: ['result', () => null],
  [examResultPaperDetail.path]: ['result', () => null],
  [examResultVoid.path]: ['result', () => null],
  [examResultExport.path]: ['result', () => null],
  [examPrintPaperPreview.path]: ['print', () => null],
  [examPrintAnsweredPreview.path]: ['print', () => null],
  [examReportTranscriptDetail.path]: ['report', () => null],
  [examReportTranscriptExport.path]: ['report', () => null],
  [examReportDeptStat.path]: ['report', () => null],
  [examReportDeptExport.path]: ['report', () => null],
  [examRegradeQuestionList.path]: ['regrade', () => null],
  [examRegradeStart.path]: ['regrade', () => null],
  [examRegradeDetail.path]: ['regrade', (b) => b.id],
  [examRegradeJobList.path]: ['regrade', () => null],
  [examRegradeReportPaging.path]: ['regrade', () => null],
});

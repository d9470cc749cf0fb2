/** Printing (PDF papers) and the reports across exams. */
import {
  examPrintAnsweredPreview,
  examPrintPaperPreview,
  examReportDeptExport,
  examReportDeptStat,
  examReportLearnerList,
  examReportTranscriptDetail,
  examReportTranscriptExport,
  examReportTrendExport,
  examReportTrendStat,
  type TDeptReportQuery,
  type TExamTrendQuery,
} from '@exam/contracts';
import { call, callDownload } from './call';

export type { TDeptReportRow, TExamTrendRow, TTranscript, TTranscriptRow } from '@exam/contracts';

export const printApi = {
  /** The paper of an exam (or of a template) as a PDF: blank, or with the key. */
  paper: (target: { examId?: string; tmplId?: string }, withKey: boolean, title: string) =>
    callDownload(examPrintPaperPreview, { ...target, withKey }, `${title}-${withKey ? '答案卷' : '空白卷'}.pdf`),
  /** A learner's answered paper with the marks. */
  answered: (paperId: string, fileName: string) => callDownload(examPrintAnsweredPreview, { paperId }, fileName),
};

export const reportApi = {
  learners: (keyword: string) => call(examReportLearnerList, { keyword }),
  transcript: (userId: string) => call(examReportTranscriptDetail, { userId }),
  exportTranscript: (userId: string, name: string) =>
    callDownload(examReportTranscriptExport, { userId }, `成绩单-${name}.xlsx`),
  dept: (q: TDeptReportQuery) => call(examReportDeptStat, q),
  exportDept: (q: TDeptReportQuery) => callDownload(examReportDeptExport, q, '部门成绩对比.xlsx'),
  trend: (q: TExamTrendQuery) => call(examReportTrendStat, q),
  exportTrend: (q: TExamTrendQuery) => callDownload(examReportTrendExport, q, '考试成绩趋势.xlsx'),
};

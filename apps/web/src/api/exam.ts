/** Calls of exams, papers, marking, results and the wrong-answer book (/api/exam/*, /api/paper/*, /api/book/*). */
import type {
  BodyIn,
  TExamSave,
  TFillAnswer,
  TMyExamStatus,
  TTmplSave,
  ZBookQuSchema,
  ZBookRecordSchema,
  ZBookSubmitResultSchema,
  ZExamStatSchema,
  ZMarkDetailSchema,
  ZMarkRecordSchema,
  ZMarkSaveResultSchema,
  ZMyExamRecordSchema,
  ZParticipantSchema,
  ZQuStatSchema,
  ZResultExamRecordSchema,
  ZReviewQuSchema,
} from '@exam/contracts';
import {
  bookDelete,
  bookNext,
  bookPaging,
  bookSubmit,
  bookSummary,
  examExamCheck,
  examExamDelete,
  examExamDetail,
  examExamOnlinePaging,
  examExamPaging,
  examExamSave,
  examExamState,
  examResultExamPaging,
  examResultExport,
  examResultPaperDetail,
  examResultPaperPaging,
  examResultQuStat,
  examResultStat,
  examResultUserPaging,
  examResultVoid,
  paperMarkDetail,
  paperMarkPaging,
  paperMarkSave,
  paperPaperAbandon,
  paperPaperClaim,
  paperPaperCreate,
  paperPaperDetail,
  paperPaperFillAnswer,
  paperPaperHand,
  paperPaperLeave,
  paperPaperMyPaging,
  paperPaperRecordPaging,
  paperPaperResult,
  paperTmplDelete,
  paperTmplDetail,
  paperTmplPaging,
  paperTmplPreview,
  paperTmplSave,
} from '@exam/contracts';
import type { z } from 'zod';
import { call, callDownload } from './call';
import type { RequestOptions } from './request';

export interface PageReq<P> {
  current: number;
  size: number;
  params: P;
}

export type TMarkRecord = z.infer<typeof ZMarkRecordSchema>;
export type TMarkDetail = z.infer<typeof ZMarkDetailSchema>;
export type TMarkQu = TMarkDetail['questions'][number];
export type TMarkSaveResult = z.infer<typeof ZMarkSaveResultSchema>;
export type TMyExamRecord = z.infer<typeof ZMyExamRecordSchema>;
export type TBookRecord = z.infer<typeof ZBookRecordSchema>;
export type TBookQu = z.infer<typeof ZBookQuSchema>;
export type TBookSubmitResult = z.infer<typeof ZBookSubmitResultSchema>;
export type TResultExamRecord = z.infer<typeof ZResultExamRecordSchema>;
export type TParticipant = z.infer<typeof ZParticipantSchema>;
export type TExamStat = z.infer<typeof ZExamStatSchema>;
export type TQuStat = z.infer<typeof ZQuStatSchema>;
export type TReviewQuestion = z.infer<typeof ZReviewQuSchema>;
export interface TTmplPreview {
  title: string;
  totalScore: number;
  questions: TReviewQuestion[];
}

export const tmplApi = {
  paging: (req: PageReq<{ title?: string; kind?: number }>) => call(paperTmplPaging, req),
  save: (data: TTmplSave) => call(paperTmplSave, data),
  detail: (id: string) => call(paperTmplDetail, { id }),
  remove: (ids: string[]) => call(paperTmplDelete, { ids }),
  preview: (body: { id?: string; tmpl?: TTmplSave }) => call(paperTmplPreview, body),
};

export const examApi = {
  paging: (req: PageReq<{ title?: string; state?: number; openType?: number }>) => call(examExamPaging, req),
  save: (data: TExamSave) => call(examExamSave, data),
  detail: (id: string) => call(examExamDetail, { id }),
  remove: (ids: string[]) => call(examExamDelete, { ids }),
  setState: (ids: string[], state: 0 | 1 | 2) => call(examExamState, { ids, state }),
  /** `silent`: the caller shows the failure in place (LoadFailed), so no toast as well. */
  onlinePaging: (req: PageReq<{ title?: string; timeState?: number; openType?: number }>, options?: RequestOptions) =>
    call(examExamOnlinePaging, req, options),
  check: (id: string) => call(examExamCheck, { id }),
};

/** Calls of the exam room; `silent` ones show no error toast (the page handles them). */
export const paperApi = {
  /** `canFullScreen`: this device's Fullscreen API, declared so the server can refuse it (focus-mode setting). */
  create: (examId: string, password: string | undefined, canFullScreen: boolean) =>
    call(paperPaperCreate, { examId, password: password || undefined, canFullScreen }),
  detail: (paperId: string) => call(paperPaperDetail, { paperId }),
  fillAnswer: (body: TFillAnswer) => call(paperPaperFillAnswer, body, { silent: true }),
  claim: (paperId: string, windowId: string) => call(paperPaperClaim, { paperId, windowId }),
  leave: (paperId: string, kind: 'blur' | 'fullscreen-exit') =>
    call(paperPaperLeave, { paperId, kind }, { silent: true }),
  hand: (paperId: string) => call(paperPaperHand, { paperId }),
  abandon: (paperId: string) => call(paperPaperAbandon, { paperId }),
  result: (paperId: string) => call(paperPaperResult, { paperId }),
  myPaging: (req: PageReq<{ title?: string; passed?: boolean | null; status?: TMyExamStatus }>) =>
    call(paperPaperMyPaging, req),
  recordPaging: (req: PageReq<{ examId: string; userId?: string }>) => call(paperPaperRecordPaging, req),
};

export const markApi = {
  paging: (req: PageReq<{ examId?: string; realName?: string }>) => call(paperMarkPaging, req),
  detail: (paperId: string) => call(paperMarkDetail, { paperId }),
  save: (paperId: string, items: BodyIn<typeof paperMarkSave>['items']) => call(paperMarkSave, { paperId, items }),
};

export const resultApi = {
  examPaging: (req: PageReq<{ title?: string }>) => call(examResultExamPaging, req),
  stat: (examId: string) => call(examResultStat, { examId }),
  participants: (req: PageReq<{ examId: string; realName?: string; passed?: boolean | null }>) =>
    call(examResultUserPaging, req),
  attempts: (req: PageReq<{ examId: string; userId?: string; state?: number | null }>) =>
    call(examResultPaperPaging, req),
  quStat: (examId: string) => call(examResultQuStat, { examId }),
  paper: (paperId: string) => call(examResultPaperDetail, { paperId }),
  voidPaper: (paperId: string, reason: string) => call(examResultVoid, { paperId, reason }),
  exportXlsx: (examId: string, fileName: string) => callDownload(examResultExport, { examId }, fileName),
};

/** Which wrong answers a book page shows: one exam, one bank, one kind, or all. */
export interface BookFilter {
  examId?: string | null;
  repoId?: string | null;
  quType?: number | null;
}

export const bookApi = {
  summary: () => call(bookSummary, {}),
  paging: (req: PageReq<BookFilter>) => call(bookPaging, req),
  remove: (ids: string[]) => call(bookDelete, { ids }),
  next: (filter: BookFilter, afterId?: string | null) => call(bookNext, { ...filter, afterId }),
  // The answering controls hand an answer of unknown shape; the server validates it.
  submit: (body: { id: string; answer: unknown; childAnswers?: Record<string, unknown> }) =>
    call(bookSubmit, body as BodyIn<typeof bookSubmit>),
};

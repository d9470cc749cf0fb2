/** Calls of exams, papers, marking, results and the wrong-answer book (/api/exam/*, /api/paper/*, /api/book/*). */
import type {
  TClaimWindowResult,
  TExamCheck,
  TExamDetail,
  TExamRecord,
  TExamSave,
  TFillAnswer,
  TFillAnswerResult,
  TMyExamStatus,
  TOnlineExam,
  TPage,
  TPaperCreated,
  TPaperDetail,
  TPaperRecord,
  TPaperResult,
  TTmplDetail,
  TTmplRecord,
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
import type { z } from 'zod';
import { download, post } from './request';

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
  paging: (req: PageReq<{ title?: string; kind?: number }>) => post<TPage<TTmplRecord>>('/api/paper/tmpl/paging', req),
  save: (data: TTmplSave) => post<{ id: string }>('/api/paper/tmpl/save', data),
  detail: (id: string) => post<TTmplDetail>('/api/paper/tmpl/detail', { id }),
  remove: (ids: string[]) => post<null>('/api/paper/tmpl/delete', { ids }),
  preview: (body: { id?: string; tmpl?: TTmplSave }) => post<TTmplPreview>('/api/paper/tmpl/preview', body),
};

export const examApi = {
  paging: (req: PageReq<{ title?: string; state?: number; openType?: number }>) =>
    post<TPage<TExamRecord>>('/api/exam/exam/paging', req),
  save: (data: TExamSave) => post<{ id: string }>('/api/exam/exam/save', data),
  detail: (id: string) => post<TExamDetail>('/api/exam/exam/detail', { id }),
  remove: (ids: string[]) => post<null>('/api/exam/exam/delete', { ids }),
  setState: (ids: string[], state: 0 | 1 | 2) => post<null>('/api/exam/exam/state', { ids, state }),
  onlinePaging: (req: PageReq<{ title?: string; timeState?: number; openType?: number }>) =>
    post<TPage<TOnlineExam>>('/api/exam/exam/online-paging', req),
  check: (id: string) => post<TExamCheck>('/api/exam/exam/check', { id }),
};

/** Calls of the exam room; `silent` ones show no error toast (the page handles them). */
export const paperApi = {
  create: (examId: string, password?: string) =>
    post<TPaperCreated>('/api/paper/paper/create', { examId, password: password || undefined }),
  detail: (paperId: string) => post<TPaperDetail>('/api/paper/paper/detail', { paperId }),
  fillAnswer: (body: TFillAnswer) => post<TFillAnswerResult>('/api/paper/paper/fill-answer', body, { silent: true }),
  claim: (paperId: string, windowId: string) =>
    post<TClaimWindowResult>('/api/paper/paper/claim', { paperId, windowId }),
  leave: (paperId: string, kind: 'blur' | 'fullscreen-exit') =>
    post<{ leaveCount: number; leaveLimit: number; handed: boolean }>(
      '/api/paper/paper/leave',
      { paperId, kind },
      { silent: true },
    ),
  hand: (paperId: string) => post<{ paperId: string; state: number }>('/api/paper/paper/hand', { paperId }),
  abandon: (paperId: string) => post<{ paperId: string; state: number }>('/api/paper/paper/abandon', { paperId }),
  result: (paperId: string) => post<TPaperResult>('/api/paper/paper/result', { paperId }),
  myPaging: (req: PageReq<{ title?: string; passed?: boolean | null; status?: TMyExamStatus }>) =>
    post<TPage<TMyExamRecord & { id?: string }>>('/api/paper/paper/my-paging', req),
  recordPaging: (req: PageReq<{ examId: string; userId?: string }>) =>
    post<TPage<TPaperRecord>>('/api/paper/paper/record-paging', req),
};

export const markApi = {
  paging: (req: PageReq<{ examId?: string; realName?: string }>) =>
    post<TPage<TMarkRecord & { id?: string }>>('/api/paper/mark/paging', req),
  detail: (paperId: string) => post<TMarkDetail>('/api/paper/mark/detail', { paperId }),
  save: (paperId: string, items: { quId: string; score: number; comment?: string | null }[]) =>
    post<TMarkSaveResult>('/api/paper/mark/save', { paperId, items }),
};

export const resultApi = {
  examPaging: (req: PageReq<{ title?: string }>) =>
    post<TPage<TResultExamRecord & { id?: string }>>('/api/exam/result/exam-paging', req),
  stat: (examId: string) => post<TExamStat>('/api/exam/result/stat', { examId }),
  participants: (req: PageReq<{ examId: string; realName?: string; passed?: boolean | null }>) =>
    post<TPage<TParticipant & { id?: string }>>('/api/exam/result/user-paging', req),
  attempts: (req: PageReq<{ examId: string; userId?: string; state?: number | null }>) =>
    post<TPage<TPaperRecord>>('/api/exam/result/paper-paging', req),
  quStat: (examId: string) => post<TQuStat[]>('/api/exam/result/qu-stat', { examId }),
  paper: (paperId: string) => post<TPaperResult>('/api/exam/result/paper-detail', { paperId }),
  voidPaper: (paperId: string, reason: string) => post<null>('/api/exam/result/void', { paperId, reason }),
  exportXlsx: (examId: string, fileName: string) => download('/api/exam/result/export', { examId }, fileName),
};

export const bookApi = {
  paging: (req: PageReq<{ examId?: string | null; quType?: number | null }>) =>
    post<TPage<TBookRecord>>('/api/book/paging', req),
  remove: (ids: string[]) => post<null>('/api/book/delete', { ids }),
  next: (examId?: string | null, afterId?: string | null) =>
    post<TBookQu | null>('/api/book/next', { examId, afterId }),
  submit: (body: { id: string; answer: unknown; childAnswers?: Record<string, unknown> }) =>
    post<TBookSubmitResult>('/api/book/submit', body),
};

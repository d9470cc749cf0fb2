/** Calls of exams, papers, marking, results and the wrong-answer book (/api/exam/*, /api/paper/*, /api/book/*). */
import type {
  BodyIn,
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
import { bookNext, bookSubmit, examExamOnlinePaging } from '@exam/contracts';
import type { z } from 'zod';
import { call, type PageRequest } from './call';
import type { RequestOptions } from './request';

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

export const examApi = {
  /** `silent`: the caller shows the failure in place (LoadFailed), so no toast as well. */
  onlinePaging: (
    req: PageRequest<{ title?: string; timeState?: number; openType?: number }>,
    options?: RequestOptions,
  ) => call(examExamOnlinePaging, req, options),
};

/** Which wrong answers a book page shows: one exam, one bank, one kind, one knowledge point, or all. */
export interface BookFilter {
  examId?: string | null;
  repoId?: string | null;
  quType?: number | null;
  kpId?: string | null;
}

export const bookApi = {
  next: (filter: BookFilter, afterId?: string | null) => call(bookNext, { ...filter, afterId }),
  // The answering controls hand an answer of unknown shape; the server validates it.
  submit: (body: { id: string; answer: unknown; childAnswers?: Record<string, unknown> }) =>
    call(bookSubmit, body as BodyIn<typeof bookSubmit>),
};

/** Calls of exam arrangements (个别安排), re-sits (补考) and archive restore. */
import {
  examExamOverrideDelete,
  examExamOverrideList,
  examExamOverrideSave,
  examExamPaging,
  examExamResit,
  examExamResitPreview,
  examExamRestore,
  type TExamOverrideSave,
  type TResit,
} from '@exam/contracts';
import { call } from './call';
import type { PageReq } from './exam';

export const arrangeApi = {
  /** The admin list with the 已归档 switch. */
  paging: (req: PageReq<{ title?: string; state?: number; openType?: number; archived?: boolean }>) =>
    call(examExamPaging, req),
  list: (examId: string) => call(examExamOverrideList, { examId }),
  save: (body: TExamOverrideSave) => call(examExamOverrideSave, body),
  remove: (ids: string[]) => call(examExamOverrideDelete, { ids }),
  resitPreview: (examId: string, failed: boolean, missed: boolean) =>
    call(examExamResitPreview, { examId, failed, missed }),
  resit: (body: TResit) => call(examExamResit, body),
  restore: (ids: string[]) => call(examExamRestore, { ids }),
};

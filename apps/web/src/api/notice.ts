/** Calls of the notice module (通知公告): administrators' list and editing, readers' list and detail. */
import type { TNoticePublish, TNoticeSave } from '@exam/contracts';
import {
  commonFileUpload,
  noticeDelete,
  noticeDetail,
  noticeListUnread,
  noticeMyPaging,
  noticePaging,
  noticePublish,
  noticeRead,
  noticeSave,
  noticeWithdraw,
} from '@exam/contracts';
import { call, callUpload } from './call';

export interface PageReq<P> {
  current: number;
  size: number;
  params: P;
}

export type NoticeParams = { title?: string | null; status?: number | null };
export type MyNoticeParams = { title?: string | null; read?: boolean | null };

export const noticeApi = {
  paging: (req: PageReq<NoticeParams>) => call(noticePaging, req),
  detail: (id: string) => call(noticeDetail, { id }),
  save: (data: TNoticeSave) => call(noticeSave, data),
  publish: (data: TNoticePublish) => call(noticePublish, data),
  withdraw: (id: string) => call(noticeWithdraw, { id }),
  remove: (ids: string[]) => call(noticeDelete, { ids }),
  listUnread: (req: PageReq<{ id: string; keyword?: string | null }>) => call(noticeListUnread, req),
  myPaging: (req: PageReq<MyNoticeParams>) => call(noticeMyPaging, req),
  read: (id: string) => call(noticeRead, { id }),
  /** Attachments are private files: only signed-in users can fetch them. */
  uploadAttachment: (file: File) => callUpload(commonFileUpload, file, { audience: 'private' }),
};

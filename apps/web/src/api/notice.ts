/** Calls of the notice module (通知公告): administrators' list and editing, readers' list and detail. */
import type {
  TFile,
  TMyNotice,
  TNoticeDetail,
  TNoticePublish,
  TNoticeRecord,
  TNoticeSave,
  TNoticeUnreadUser,
  TNoticeView,
  TPage,
} from '@exam/contracts';
import { post, upload } from './request';

export interface PageReq<P> {
  current: number;
  size: number;
  params: P;
}

export type NoticeParams = { title?: string | null; status?: number | null };
export type MyNoticeParams = { title?: string | null; read?: boolean | null };

export const noticeApi = {
  paging: (req: PageReq<NoticeParams>) => post<TPage<TNoticeRecord>>('/api/notice/paging', req),
  detail: (id: string) => post<TNoticeDetail>('/api/notice/detail', { id }),
  save: (data: TNoticeSave) => post<{ id: string }>('/api/notice/save', data),
  publish: (data: TNoticePublish) => post<null>('/api/notice/publish', data),
  withdraw: (id: string) => post<null>('/api/notice/withdraw', { id }),
  remove: (ids: string[]) => post<null>('/api/notice/delete', { ids }),
  listUnread: (req: PageReq<{ id: string; keyword?: string | null }>) =>
    post<TPage<TNoticeUnreadUser>>('/api/notice/list-unread', req),
  myPaging: (req: PageReq<MyNoticeParams>) => post<TPage<TMyNotice>>('/api/notice/my-paging', req),
  read: (id: string) => post<TNoticeView>('/api/notice/read', { id }),
  /** Attachments are private files: only signed-in users can fetch them. */
  uploadAttachment: (file: File) => upload<TFile>('/api/common/file/upload', file, { audience: 'private' }),
};

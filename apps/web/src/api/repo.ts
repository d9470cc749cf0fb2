/** Calls of the question bank module (/api/repo/*). */
import type {
  TPage,
  TQuDetail,
  TQuImportResult,
  TQuListItem,
  TQuPagingParams,
  TQuSave,
  TQuViewAnswer,
  TRepo,
  TRepoSave,
  TRepoStat,
} from '@exam/contracts';
import { download, post, upload } from './request';

export interface PageReq<P> {
  current: number;
  size: number;
  params: P;
}

export interface RepoOption {
  id: string;
  title: string;
  practiceEnabled: boolean;
}

export interface DicValue {
  value: string;
  title: string;
}

export const repoApi = {
  paging: (req: PageReq<{ title?: string; category?: string }>) => post<TPage<TRepo>>('/api/repo/repo/paging', req),
  list: () => post<RepoOption[]>('/api/repo/repo/list'),
  save: (data: TRepoSave) => post<{ id: string }>('/api/repo/repo/save', data),
  detail: (id: string) => post<TRepo>('/api/repo/repo/detail', { id }),
  remove: (ids: string[]) => post<null>('/api/repo/repo/delete', { ids }),
  listStat: (ids: string[]) => post<TRepoStat[]>('/api/repo/repo/list-stat', { ids }),
  /** Bank categories (dictionary repo_catalog). */
  categories: () => post<DicValue[]>('/api/sys/dic/value/tree', { dicCode: 'repo_catalog' }),
};

export const quApi = {
  paging: (req: PageReq<TQuPagingParams>) => post<TPage<TQuListItem>>('/api/repo/qu/paging', req),
  save: (data: TQuSave) => post<{ id: string }>('/api/repo/qu/save', data),
  detail: (id: string) => post<TQuDetail>('/api/repo/qu/detail', { id }),
  remove: (ids: string[]) => post<null>('/api/repo/qu/delete', { ids }),
  batchMove: (ids: string[], toRepoId: string, fromRepoId?: string) =>
    post<{ count: number }>('/api/repo/qu/batch-move', { ids, toRepoId, fromRepoId }),
  batchCopy: (ids: string[], toRepoId: string) => post<{ count: number }>('/api/repo/qu/batch-copy', { ids, toRepoId }),
  importFile: (file: File, repoId: string, onlyValid: boolean) =>
    upload<TQuImportResult>('/api/repo/qu/import', file, { repoId, onlyValid }),
  template: () => download('/api/repo/qu/import-template', {}, '试题导入模板.xlsx'),
  exportXlsx: (body: { repoId?: string; ids?: string[]; params?: TQuPagingParams }, fileName = '试题导出.xlsx') =>
    download('/api/repo/qu/export', body, fileName),
  /** Learner view: answer and analysis only when allowed. */
  view: (id: string) => post<TQuViewAnswer>('/api/repo/qu/view', { id }),
};

/** Uploads an image for the editor; answers its URL. */
export async function uploadImage(file: File): Promise<string> {
  const res = await upload<{ id: string; url: string }>('/api/common/file/upload', file);
  return res.url;
}

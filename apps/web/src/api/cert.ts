/** Calls of certificates (/api/cert/*). */
import type {
  TCert,
  TCertIssue,
  TCertPagingParams,
  TCertTmpl,
  TCertTmplSave,
  TCertVerifyResult,
  TPage,
} from '@exam/contracts';
import { download, http, post } from './request';

export interface PageReq<P> {
  current: number;
  size: number;
  params: P;
}

/** A PDF as a blob URL for an <iframe>; a JSON error answer is thrown by the client's interceptor. */
async function pdfUrl(url: string, data: unknown): Promise<string> {
  const res = await http.post(url, data, { responseType: 'blob', timeout: 120_000 });
  const blob: Blob = res.data;
  if (blob.type.includes('json')) throw new Error(JSON.parse(await blob.text()).msg ?? '生成失败');
  return URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
}

export const certTmplApi = {
  paging: (req: PageReq<{ title?: string }>) => post<TPage<TCertTmpl>>('/api/cert/tmpl/paging', req),
  detail: (id: string) => post<TCertTmpl>('/api/cert/tmpl/detail', { id }),
  save: (body: TCertTmplSave) => post<{ id: string }>('/api/cert/tmpl/save', body),
  remove: (ids: string[]) => post('/api/cert/tmpl/delete', { ids }),
  preview: (tmpl: TCertTmplSave) => pdfUrl('/api/cert/tmpl/preview', { tmpl }),
};

export const certApi = {
  paging: (req: PageReq<TCertPagingParams>) => post<TPage<TCert>>('/api/cert/cert/paging', req),
  myPaging: (req: PageReq<Record<string, never>>) => post<TPage<TCert>>('/api/cert/cert/my-paging', req),
  issue: (body: TCertIssue) => post<{ issued: number; skipped: number }>('/api/cert/cert/issue', body),
  revoke: (id: string, reason: string) => post('/api/cert/cert/revoke', { id, reason }),
  reissue: (id: string) => post('/api/cert/cert/reissue', { id }),
  exportXlsx: (params: TCertPagingParams) => download('/api/cert/cert/export', params, '证书列表.xlsx'),
  download: (id: string, certNo: string) => download('/api/cert/cert/download', { id }, `${certNo}.pdf`),
  previewUrl: (id: string) => pdfUrl('/api/cert/cert/download', { id }),
  verify: (keyword: string) => post<TCertVerifyResult>('/api/cert/verify', { keyword }, { silent: true }),
};

/** Calls of certificates (/api/cert/*). */
import type { TCertIssue, TCertPagingParams, TCertTmplSave } from '@exam/contracts';
import {
  certCertDownload,
  certCertExport,
  certCertIssue,
  certCertMyPaging,
  certCertPaging,
  certCertReissue,
  certCertRevoke,
  certTmplDelete,
  certTmplDetail,
  certTmplPaging,
  certTmplPreview,
  certTmplSave,
  certVerify,
} from '@exam/contracts';
import { call, callDownload } from './call';
import { postBlob } from './request';

export interface PageReq<P> {
  current: number;
  size: number;
  params: P;
}

/** A PDF as a blob URL for an <iframe>; a JSON error answer is thrown by the client's interceptor. */
async function pdfUrl(url: string, data: unknown): Promise<string> {
  const blob = await postBlob(url, data, 120_000);
  if (blob.type.includes('json')) throw new Error(JSON.parse(await blob.text()).msg ?? '生成失败');
  return URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
}

export const certTmplApi = {
  paging: (req: PageReq<{ title?: string }>) => call(certTmplPaging, req),
  detail: (id: string) => call(certTmplDetail, { id }),
  save: (body: TCertTmplSave) => call(certTmplSave, body),
  remove: (ids: string[]) => call(certTmplDelete, { ids }),
  preview: (tmpl: TCertTmplSave) => pdfUrl(certTmplPreview.path, { tmpl }),
};

export const certApi = {
  paging: (req: PageReq<TCertPagingParams>) => call(certCertPaging, req),
  myPaging: (req: PageReq<Record<string, never>>) => call(certCertMyPaging, req),
  issue: (body: TCertIssue) => call(certCertIssue, body),
  revoke: (id: string, reason: string) => call(certCertRevoke, { id, reason }),
  reissue: (id: string) => call(certCertReissue, { id }),
  exportXlsx: (params: TCertPagingParams) => callDownload(certCertExport, params, '证书列表.xlsx'),
  download: (id: string, certNo: string) => callDownload(certCertDownload, { id }, `${certNo}.pdf`),
  previewUrl: (id: string) => pdfUrl(certCertDownload.path, { id }),
  /** By the QR code's verification code, or by number together with the holder's name. */
  verify: (keyword: string, holderName?: string) =>
    call(certVerify, { keyword, holderName: holderName || undefined }, { silent: true }),
};

/**
 * Certificate calls that do more than name an endpoint (pages call the others directly): PDFs as
 * blob URLs for an <iframe>, and the public verification, which says nothing on a refusal.
 */
import type { TCertTmplSave } from '@exam/contracts';
import { certCertDownload, certTmplPreview, certVerify } from '@exam/contracts';
import { call } from './call';
import { postBlob } from './request';

/** A PDF as a blob URL for an <iframe>; a JSON error answer is thrown by the client's interceptor. */
async function pdfUrl(url: string, data: unknown): Promise<string> {
  const blob = await postBlob(url, data, 120_000);
  if (blob.type.includes('json')) throw new Error(JSON.parse(await blob.text()).msg ?? '生成失败');
  return URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
}

export const certTmplApi = {
  preview: (tmpl: TCertTmplSave) => pdfUrl(certTmplPreview.path, { tmpl }),
};

export const certApi = {
  previewUrl: (id: string) => pdfUrl(certCertDownload.path, { id }),
  /** By the QR code's verification code, or by number together with the holder's name. */
  verify: (keyword: string, holderName?: string) =>
    call(certVerify, { keyword, holderName: holderName || undefined }, { silent: true }),
};

/**
 * The PDF of a certificate, rendered on first preview/download and cached in the storage port
 * under certs/<id>.pdf (the local folder: DATA_DIR/certs, as before).
 * A failed render leaves the certificate recorded and the cache empty: the next download retries.
 */
import { ErrorCode } from '@exam/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { elCert, elCertTmpl, sysFile } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { type BlobStore, readBlob, storedKey } from '../../platform/storage/blob-store.js';
import { formatChineseDate } from '../../platform/time-zone.js';
import { readStoredFile } from '../system/file/file.service.js';
import { type RenderInput, renderCertPdf } from './cert-render.js';

type CertRow = typeof elCert.$inferSelect;
type TmplRow = Pick<
  typeof elCertTmpl.$inferSelect,
  'orientation' | 'fields' | 'bgFileId' | 'sealFileId' | 'border' | 'issuerName'
>;

/**
 * The site's address for the QR code: the SITE_URL environment variable when set (behind a proxy
 * or under another name), otherwise the address the request came to.
 */
export function siteBase(request: FastifyRequest, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.SITE_URL;
  if (configured) return configured.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

export const verifyUrl = (base: string, code: string): string => `${base}/cert/verify/${encodeURIComponent(code)}`;

/** The verify page's address: the part before /cert/verify/<code>. */
const verifyBase = (url: string): string => url.slice(0, url.lastIndexOf('/'));

async function storedImage(db: Executor, blobs: BlobStore, fileId: string | null): Promise<Buffer | null> {
  if (!fileId) return null;
  const [file] = await db.select().from(sysFile).where(eq(sysFile.id, fileId));
  if (!file) return null;
  return readStoredFile(blobs, file);
}

export async function renderWithTemplate(
  db: Executor,
  blobs: BlobStore,
  tmpl: TmplRow,
  values: RenderInput['values'],
  url: string,
): Promise<Buffer> {
  return renderCertPdf({
    orientation: tmpl.orientation,
    fields: tmpl.fields,
    background: await storedImage(db, blobs, tmpl.bgFileId),
    border: tmpl.border,
    seal: await storedImage(db, blobs, tmpl.sealFileId),
    values: { ...values, issuer: tmpl.issuerName ?? '' },
    verifyUrl: url,
    numberUrl: values.certNo ? `${verifyBase(url)}/${encodeURIComponent(values.certNo)}` : undefined,
  });
}

/** The printed fields; dates are days of the site's time zone (config `timeZone`). */
export function certValues(cert: CertRow, zone: string): RenderInput['values'] {
  return {
    realName: cert.holderName,
    deptName: cert.deptName ?? '',
    achievement: cert.achievement,
    issueDate: formatChineseDate(cert.issuedAt, zone),
    certNo: cert.certNo,
    validUntil: cert.validUntil ? formatChineseDate(cert.validUntil, zone) : '长期有效',
  };
}

/** The cached PDF, rendering it first when there is none. */
export async function certPdf(db: Db, blobs: BlobStore, cert: CertRow, base: string, zone: string): Promise<Buffer> {
  const cachedKey = await storedKey(blobs, cert.filePath);
  if (cachedKey) {
    const cached = await readBlob(blobs, cachedKey);
    if (cached) return cached;
  }
  const [tmpl] = await db.select().from(elCertTmpl).where(eq(elCertTmpl.id, cert.tmplId));
  if (!tmpl) throw new AppError(ErrorCode.NOT_FOUND, '证书模板不存在或已被删除');
  let pdf: Buffer;
  try {
    pdf = await renderWithTemplate(db, blobs, tmpl, certValues(cert, zone), verifyUrl(base, cert.verifyCode));
  } catch (err) {
    await db
      .update(elCert)
      .set({ renderFailures: sql`${elCert.renderFailures} + 1` })
      .where(eq(elCert.id, cert.id));
    // The certificate itself stays recorded; the next preview or download renders again.
    throw new AppError(
      ErrorCode.CONFLICT,
      `证书文件生成失败，请稍后重试（${err instanceof Error ? err.message : String(err)}）`,
    );
  }
  const key = `certs/${cert.id}.pdf`;
  await blobs.put(key, pdf, { contentType: 'application/pdf' });
  await db.update(elCert).set({ filePath: key }).where(eq(elCert.id, cert.id));
  return pdf;
}

/** Forgets the cached PDF (re-issue after a template or name change): the next download renders anew. */
export async function dropCachedPdf(db: Db, blobs: BlobStore, cert: CertRow): Promise<void> {
  await db.update(elCert).set({ filePath: null }).where(eq(elCert.id, cert.id));
  const key = await storedKey(blobs, cert.filePath);
  if (key) await blobs.delete(key);
}

/** The template preview's fields, issued `now` in the site's zone. */
export const sampleValues = (now: Date, zone: string): RenderInput['values'] => ({
  realName: '张三',
  deptName: '技术部',
  achievement: '通过《安全生产知识考试》，成绩 95 分',
  issueDate: formatChineseDate(now, zone),
  certNo: 'CERT-2026-000123',
  validUntil: '2028年12月31日',
});

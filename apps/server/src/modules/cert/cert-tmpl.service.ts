/** Certificate templates and their automatic issuing rules. */
import type { TCertTmpl, TCertTmplSave } from '@exam/contracts';
import { count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { elCert, elCertRule, elCertTmpl, sysFile } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import { badParams, conflict, notFound } from '../../platform/errors.js';
import { containing } from '../../platform/like.js';
import { paginateWith } from '../../platform/paging.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { examTitles } from '../course/exam-titles.js';
import { readStoredFile } from '../system/file/file.service.js';
import { checkBackground } from './cert-render.js';

type TmplRow = typeof elCertTmpl.$inferSelect;

async function toRecords(db: Executor, rows: TmplRow[]): Promise<TCertTmpl[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const rules = await db
    .select({ tmplId: elCertRule.tmplId, kind: elCertRule.kind, refId: elCertRule.refId })
    .from(elCertRule)
    .where(inArray(elCertRule.tmplId, ids));
  const exams = await examTitles(db, [...new Set(rules.filter((x) => x.kind === 'exam').map((x) => x.refId))]);
  const examTitle = new Map(exams.map((e) => [e.id, e.title]));
  const counts = await db
    .select({ tmplId: elCert.tmplId, n: count() })
    .from(elCert)
    .where(inArray(elCert.tmplId, ids))
    .groupBy(elCert.tmplId);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    orientation: r.orientation as 'landscape' | 'portrait',
    bgFileId: r.bgFileId,
    issuerName: r.issuerName,
    sealFileId: r.sealFileId,
    border: r.border as TCertTmpl['border'],
    prefix: r.prefix,
    validMonths: r.validMonths,
    fields: r.fields as TCertTmpl['fields'],
    rules: rules
      .filter((x) => x.tmplId === r.id)
      .map((x) => ({
        kind: x.kind as 'exam' | 'course',
        refId: x.refId,
        refTitle: (x.kind === 'exam' && examTitle.get(x.refId)) || null,
      })),
    issuedCount: counts.find((c) => c.tmplId === r.id)?.n ?? 0,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function tmplPaging(db: Db, params: { title?: string | null }, current: number, size: number) {
  const where: SQL | undefined = params.title ? ilike(elCertTmpl.title, containing(params.title)) : undefined;
  return paginateWith(
    { current, size },
    db.select({ n: count() }).from(elCertTmpl).where(where),
    db.select().from(elCertTmpl).where(where).orderBy(desc(elCertTmpl.updatedAt)).$dynamic(),
    (rows) => toRecords(db, rows),
  );
}

export async function tmplDetail(db: Executor, id: string): Promise<TCertTmpl> {
  const [row] = await db.select().from(elCertTmpl).where(eq(elCertTmpl.id, id));
  if (!row) throw notFound('证书模板');
  return (await toRecords(db, [row]))[0];
}

/** The two pictures a template may point at, by the label its messages use. */
const images = (body: TCertTmplSave): Array<[label: string, fileId: string]> => [
  ...(body.bgFileId ? [['背景图片', body.bgFileId] as [string, string]] : []),
  ...(body.sealFileId ? [['印章图片', body.sealFileId] as [string, string]] : []),
];

/** Checks what the form points at: PNG/JPEG pictures (pdfkit draws only those) and existing exams. */
async function checkRefs(tx: Executor, body: TCertTmplSave): Promise<void> {
  for (const [label, fileId] of images(body)) {
    const [file] = await tx.select({ mime: sysFile.mime }).from(sysFile).where(eq(sysFile.id, fileId));
    if (!file) throw badParams(`${label}：文件不存在，请重新上传`);
    if (file.mime !== 'image/png' && file.mime !== 'image/jpeg') throw badParams(`${label}：仅支持 PNG 或 JPEG 图片`);
  }
  if (body.fields.some((f) => f.kind === 'seal') && !body.sealFileId) throw badParams('印章图片：请先上传印章图片');
  if (body.fields.some((f) => f.kind === 'issuer') && !body.issuerName?.trim())
    throw badParams('发证机构：请填写发证机构名称');
  const examIds = [...new Set(body.rules.filter((r) => r.kind === 'exam').map((r) => r.refId))];
  if (examIds.length) {
    const found = await examTitles(tx, examIds);
    if (found.length !== examIds.length) throw badParams('自动发证规则：所选考试不存在');
  }
  if (body.fields.some((f) => f.kind === 'text' && !f.text?.trim())) throw badParams('固定文字内容：不能为空');
}

/** A picture that cannot be drawn is refused when saved, not found out at the first download. */
async function checkImage(db: Db, blobs: BlobStore, label: string, fileId: string): Promise<void> {
  const [file] = await db.select({ storagePath: sysFile.storagePath }).from(sysFile).where(eq(sysFile.id, fileId));
  if (!file) return; // reported by checkRefs
  const image = await readStoredFile(blobs, file);
  if (!image) throw badParams(`${label}：文件已丢失，请重新上传`);
  try {
    checkBackground(image);
  } catch {
    throw badParams(`${label}：图片已损坏，请重新上传`);
  }
}

/** Creates or updates; rules are matched by (kind, ref) so a kept rule keeps its id and its "once" history. */
export async function tmplSave(db: Db, blobs: BlobStore, body: TCertTmplSave): Promise<string> {
  for (const [label, fileId] of images(body)) await checkImage(db, blobs, label, fileId);
  return db.transaction(async (tx) => {
    await checkRefs(tx, body);
    const values = {
      title: body.title,
      orientation: body.orientation,
      bgFileId: body.bgFileId || null,
      issuerName: body.issuerName?.trim() || null,
      sealFileId: body.sealFileId || null,
      border: body.border,
      prefix: body.prefix,
      validMonths: body.validMonths,
      fields: body.fields,
    };
    let id = body.id;
    if (id) {
      const done = await tx
        .update(elCertTmpl)
        .set(values)
        .where(eq(elCertTmpl.id, id))
        .returning({ id: elCertTmpl.id });
      if (done.length === 0) throw notFound('证书模板');
    } else {
      [{ id }] = await tx.insert(elCertTmpl).values(values).returning({ id: elCertTmpl.id });
    }
    const tmplId = id as string;
    const wanted = new Set(body.rules.map((r) => `${r.kind}|${r.refId}`));
    const existing = await tx.select().from(elCertRule).where(eq(elCertRule.tmplId, tmplId));
    const gone = existing.filter((r) => !wanted.has(`${r.kind}|${r.refId}`)).map((r) => r.id);
    if (gone.length) await tx.delete(elCertRule).where(inArray(elCertRule.id, gone));
    if (body.rules.length)
      await tx
        .insert(elCertRule)
        .values(body.rules.map((r) => ({ tmplId, kind: r.kind, refId: r.refId })))
        .onConflictDoNothing();
    return tmplId;
  });
}

/** A template that issued certificates stays: they point at it for their PDF. */
export async function tmplDelete(db: Db, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [used] = await tx.select({ n: count() }).from(elCert).where(inArray(elCert.tmplId, ids));
    if (used.n > 0) throw conflict('模板已发放过证书，不能删除');
    await tx.delete(elCertRule).where(inArray(elCertRule.tmplId, ids));
    await tx.delete(elCertTmpl).where(inArray(elCertTmpl.id, ids));
  });
}

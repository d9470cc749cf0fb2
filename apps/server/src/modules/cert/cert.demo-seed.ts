/**
 * The demo certificate (DEMO_DATA=0 leaves it out): the template 全题型体验合格证 and its rule,
 * issued automatically on passing the exam 全题型体验考试 (seeded before, by the exam module).
 * It shows what a real one carries: the issuing organisation, its seal and a border.
 */
import { eq } from 'drizzle-orm';
import type { CertFieldRow } from '../../db/schema/cert.js';
import { elCertRule, elCertTmpl, elExam } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';
import { seedDemoFile } from '../system/file/demo-files.js';

export const DEMO_CERT = '全题型体验合格证';
export const DEMO_ISSUER = '云帆科技集团培训中心';

const FIELDS: CertFieldRow[] = [
  { kind: 'text', x: 0.1, y: 0.12, width: 0.8, fontSize: 40, color: '#a61d24', align: 'center', text: '合格证书' },
  { kind: 'realName', x: 0.1, y: 0.33, width: 0.8, fontSize: 32, color: '#222222', align: 'center' },
  { kind: 'achievement', x: 0.1, y: 0.47, width: 0.8, fontSize: 18, color: '#333333', align: 'center' },
  { kind: 'issuer', x: 0.5, y: 0.66, width: 0.34, fontSize: 16, color: '#333333', align: 'center' },
  { kind: 'issueDate', x: 0.5, y: 0.72, width: 0.34, fontSize: 14, color: '#333333', align: 'center' },
  { kind: 'seal', x: 0.6, y: 0.58, width: 0.14, fontSize: 12, color: '#000000', align: 'center' },
  { kind: 'certNo', x: 0.08, y: 0.85, width: 0.4, fontSize: 11, color: '#666666', align: 'left' },
  { kind: 'qrcode', x: 0.8, y: 0.72, width: 0.1, fontSize: 12, color: '#000000', align: 'left' },
];

export async function seedDemoCert(tx: Tx, ctx: SeedContext): Promise<void> {
  const [exam] = await tx.select({ id: elExam.id }).from(elExam).where(eq(elExam.title, '全题型体验考试'));
  const sealFileId = await seedDemoFile(tx, ctx.blobs, {
    asset: 'seal.png',
    name: '培训中心印章.png',
    mime: 'image/png',
    audience: 'public',
    ownerId: ctx.userIds.get('admin') ?? null,
  });
  const [tmpl] = await tx
    .insert(elCertTmpl)
    .values({
      title: DEMO_CERT,
      orientation: 'landscape',
      prefix: 'DEMO',
      validMonths: 24,
      fields: FIELDS,
      issuerName: DEMO_ISSUER,
      sealFileId,
      border: 'gilded',
    })
    .returning({ id: elCertTmpl.id });
  if (exam) await tx.insert(elCertRule).values({ tmplId: tmpl.id, kind: 'exam', refId: exam.id });
}

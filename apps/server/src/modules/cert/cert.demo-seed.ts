/**
 * The demo certificate (issue 23; DEMO_DATA=0 leaves it out): the template 全题型体验合格证 and its
 * rule, issued automatically on passing the exam 全题型体验考试 (seeded before, by the exam module).
 */
import { eq } from 'drizzle-orm';
import type { CertFieldRow } from '../../db/schema/cert.js';
import { elCertRule, elCertTmpl, elExam } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';

export const DEMO_CERT = '全题型体验合格证';

const FIELDS: CertFieldRow[] = [
  { kind: 'text', x: 0.1, y: 0.12, width: 0.8, fontSize: 40, color: '#a61d24', align: 'center', text: '合格证书' },
  { kind: 'realName', x: 0.1, y: 0.33, width: 0.8, fontSize: 32, color: '#222222', align: 'center' },
  { kind: 'achievement', x: 0.1, y: 0.47, width: 0.8, fontSize: 18, color: '#333333', align: 'center' },
  { kind: 'issueDate', x: 0.55, y: 0.72, width: 0.3, fontSize: 14, color: '#333333', align: 'right' },
  { kind: 'certNo', x: 0.06, y: 0.88, width: 0.4, fontSize: 11, color: '#666666', align: 'left' },
  { kind: 'qrcode', x: 0.84, y: 0.75, width: 0.1, fontSize: 12, color: '#000000', align: 'left' },
];

export async function seedDemoCert(tx: Tx, _ctx: SeedContext): Promise<void> {
  const [exam] = await tx.select({ id: elExam.id }).from(elExam).where(eq(elExam.title, '全题型体验考试'));
  const [tmpl] = await tx
    .insert(elCertTmpl)
    .values({ title: DEMO_CERT, orientation: 'landscape', prefix: 'DEMO', validMonths: 24, fields: FIELDS })
    .returning({ id: elCertTmpl.id });
  if (exam) await tx.insert(elCertRule).values({ tmplId: tmpl.id, kind: 'exam', refId: exam.id });
}

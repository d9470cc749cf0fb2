/** Issued certificates as an xlsx workbook, with the filters and data scope of the list. */
import { CERT_STATUS_LABELS, type TCertPagingParams } from '@exam/contracts';
import type { AuthUser } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import type { FileAnswer } from '../../platform/route.js';
import { personColumns, xlsxBook } from '../../platform/xlsx.js';
import { certPaging } from './cert.service.js';

const SOURCE_LABELS = { exam: '考试通过', course: '课程完成', manual: '手动发放' } as const;

/** Dates are days of the site's time zone (`zone`), as on the certificate itself. */
export async function exportCerts(
  db: Db,
  admin: AuthUser,
  params: TCertPagingParams,
  now: Date,
  zone: string,
): Promise<FileAnswer> {
  const { records } = await certPaging(db, admin, params, 1, 100000, now);
  const book = xlsxBook(zone);
  book.sheet(
    '证书',
    [
      { header: '证书编号', key: 'certNo', width: 20 },
      { header: '证书名称', key: 'tmplTitle', width: 20 },
      ...personColumns({ realNameWidth: 12 }),
      { header: '来源', key: 'source', width: 10 },
      { header: '获得成就', key: 'achievement', width: 36 },
      { header: '发证日期', key: 'issuedAt', width: 16, kind: 'date' },
      { header: '有效期至', key: 'validUntil', width: 16 },
      { header: '状态', key: 'status', width: 10 },
      { header: '撤销原因', key: 'revokeReason', width: 24 },
    ],
    records.map((r) => ({
      ...r,
      realName: r.holderName,
      source: SOURCE_LABELS[r.sourceKind],
      validUntil: r.validUntil ? book.date(r.validUntil) : '长期有效',
      status: CERT_STATUS_LABELS[r.status],
    })),
  );
  return book.toFile('证书列表.xlsx');
}

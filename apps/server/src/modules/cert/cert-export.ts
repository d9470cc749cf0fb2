/** Issued certificates as an xlsx workbook, with the filters and data scope of the list. */
import { CERT_STATUS_LABELS, type TCertPagingParams } from '@exam/contracts';
import ExcelJS from 'exceljs';
import type { AuthUser } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import type { FileAnswer } from '../../platform/route.js';
import { certPaging } from './cert.service.js';
import { formatDate } from './cert-file.js';

const SOURCE_LABELS = { exam: '考试通过', course: '课程完成', manual: '手动发放' } as const;

export async function exportCerts(db: Db, admin: AuthUser, params: TCertPagingParams, now: Date): Promise<FileAnswer> {
  const { records } = await certPaging(db, admin, params, 1, 100000, now);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('证书');
  sheet.columns = [
    { header: '证书编号', key: 'certNo', width: 20 },
    { header: '证书名称', key: 'tmplTitle', width: 20 },
    { header: '用户名', key: 'userName', width: 16 },
    { header: '姓名', key: 'holderName', width: 12 },
    { header: '部门', key: 'deptName', width: 16 },
    { header: '来源', key: 'source', width: 10 },
    { header: '获得成就', key: 'achievement', width: 36 },
    { header: '发证日期', key: 'issuedAt', width: 16 },
    { header: '有效期至', key: 'validUntil', width: 16 },
    { header: '状态', key: 'status', width: 10 },
    { header: '撤销原因', key: 'revokeReason', width: 24 },
  ];
  for (const r of records) {
    sheet.addRow({
      ...r,
      source: SOURCE_LABELS[r.sourceKind],
      issuedAt: formatDate(new Date(r.issuedAt)),
      validUntil: r.validUntil ? formatDate(new Date(r.validUntil)) : '长期有效',
      status: CERT_STATUS_LABELS[r.status],
    });
  }
  sheet.getRow(1).font = { bold: true };
  return {
    fileName: '证书列表.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: Buffer.from(await wb.xlsx.writeBuffer()),
  };
}

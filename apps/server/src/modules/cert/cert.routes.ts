/** /api/cert/*: templates, issued certificates, the learner's own, and the public verification. */
import {
  certCertDetail,
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
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { elCertTmpl } from '../../db/schema/index.js';
import { badParams, notFound } from '../../platform/errors.js';
import { route, routeFile } from '../../platform/route.js';
import { certDetail, certPaging, myCertPaging, readableCert, revokeCert, verifyCert } from './cert.service.js';
import { exportCerts } from './cert-export.js';
import { certPdf, dropCachedPdf, renderWithTemplate, sampleValues, siteBase, verifyUrl } from './cert-file.js';
import { issueManual } from './cert-issue.service.js';
import { tmplDelete, tmplDetail, tmplPaging, tmplSave } from './cert-tmpl.service.js';

const tmplTags = ['证书-模板'];
const certTags = ['证书-证书'];
const PDF = 'application/pdf';

export function registerCertRoutes(app: FastifyInstance): void {
  route(app, certTmplPaging, { summary: '证书模板分页', tags: tmplTags }, async ({ body, deps }) =>
    tmplPaging(deps.db, body.params, body.current, body.size),
  );
  route(app, certTmplDetail, { summary: '证书模板详情', tags: tmplTags }, async ({ body, deps }) =>
    tmplDetail(deps.db, body.id),
  );
  route(app, certTmplSave, { summary: '保存证书模板', tags: tmplTags }, async ({ body, deps }) => ({
    id: await tmplSave(deps.db, deps.blobs, body),
  }));
  route(app, certTmplDelete, { summary: '删除证书模板', tags: tmplTags }, async ({ body, deps }) => {
    await tmplDelete(deps.db, body.ids);
    return null;
  });
  routeFile(
    app,
    certTmplPreview,
    { summary: '证书模板预览（示例数据，PDF）', tags: tmplTags },
    async ({ body, deps, request }) => {
      let tmpl: Parameters<typeof renderWithTemplate>[2] | null = body.tmpl
        ? {
            orientation: body.tmpl.orientation,
            fields: body.tmpl.fields,
            bgFileId: body.tmpl.bgFileId ?? null,
            sealFileId: body.tmpl.sealFileId ?? null,
            border: body.tmpl.border,
            issuerName: body.tmpl.issuerName ?? null,
          }
        : null;
      if (!tmpl && body.id) {
        const [row] = await deps.db.select().from(elCertTmpl).where(eq(elCertTmpl.id, body.id));
        if (!row) throw notFound('证书模板');
        tmpl = row;
      }
      if (!tmpl) throw badParams('模板：不能为空');
      const pdf = await renderWithTemplate(
        deps.db,
        deps.blobs,
        tmpl,
        sampleValues(deps.clock(), deps.config.timeZone),
        verifyUrl(siteBase(request), 'SAMPLE'),
      );
      return { fileName: '证书预览.pdf', contentType: PDF, body: pdf };
    },
  );

  route(app, certCertPaging, { summary: '证书分页', tags: certTags }, async ({ body, user, deps }) =>
    certPaging(deps.db, user, body.params, body.current, body.size, deps.clock()),
  );
  route(app, certCertMyPaging, { summary: '我的证书', tags: certTags }, async ({ body, user, deps }) =>
    myCertPaging(deps.db, user, body.current, body.size, deps.clock()),
  );
  route(
    app,
    certCertDetail,
    { summary: '证书详情（本人或有权限的管理员）', tags: certTags },
    async ({ body, user, deps }) => certDetail(deps.db, user, body.id, deps.clock()),
  );
  route(app, certCertIssue, { summary: '手动发放证书', tags: certTags }, async ({ body, user, deps }) =>
    issueManual(deps.db, user, body, deps.clock(), deps.config.timeZone),
  );
  route(app, certCertRevoke, { summary: '撤销证书', tags: certTags }, async ({ body, user, deps }) => {
    await revokeCert(deps.db, user, body, deps.clock());
    return null;
  });
  route(
    app,
    certCertReissue,
    { summary: '重新生成证书文件（按当前模板）', tags: certTags },
    async ({ body, user, deps }) => {
      await dropCachedPdf(deps.db, deps.blobs, await readableCert(deps.db, user, body.id));
      return null;
    },
  );
  routeFile(app, certCertExport, { summary: '导出证书', tags: certTags }, async ({ body, user, deps }) =>
    exportCerts(deps.db, user, body, deps.clock(), deps.config.timeZone),
  );
  routeFile(
    app,
    certCertDownload,
    { summary: '下载证书 PDF（本人或有权限的管理员）', tags: certTags },
    async ({ body, user, deps, request }) => {
      const cert = await readableCert(deps.db, user, body.id);
      const pdf = await certPdf(deps.db, deps.blobs, cert, siteBase(request), deps.config.timeZone);
      return { fileName: `${cert.certNo}.pdf`, contentType: PDF, body: pdf };
    },
  );

  route(
    app,
    certVerify,
    { summary: '证书验证（公开）', tags: ['证书-验证'], rateLimit: { max: 30, timeWindow: '1 minute' } },
    async ({ body, deps }) => verifyCert(deps.db, body.keyword, body.holderName, deps.clock()),
  );
}

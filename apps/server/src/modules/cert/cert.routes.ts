/** /api/cert/*: templates, issued certificates, the learner's own, and the public verification. */
import {
  ZCertIssueResultSchema,
  ZCertIssueSchema,
  ZCertPagingParamsSchema,
  ZCertRevokeSchema,
  ZCertSchema,
  ZCertTmplPagingParamsSchema,
  ZCertTmplPreviewSchema,
  ZCertTmplSaveSchema,
  ZCertTmplSchema,
  ZCertVerifyResultSchema,
  ZCertVerifySchema,
  ZIdSchema,
  ZIdsSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { elCertTmpl } from '../../db/schema/index.js';
import { badParams, notFound } from '../../platform/errors.js';
import { PUBLIC, permission, post, postFile, SIGNED_IN } from '../../platform/route.js';
import { certDetail, certPaging, myCertPaging, readableCert, revokeCert, verifyCert } from './cert.service.js';
import { exportCerts } from './cert-export.js';
import { certPdf, dropCachedPdf, renderWithTemplate, SAMPLE_VALUES, siteBase, verifyUrl } from './cert-file.js';
import { issueManual } from './cert-issue.service.js';
import { tmplDelete, tmplDetail, tmplPaging, tmplSave } from './cert-tmpl.service.js';

const tmplTags = ['证书-模板'];
const certTags = ['证书-证书'];
const PDF = 'application/pdf';

export function registerCertRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/cert/tmpl/paging',
    {
      summary: '证书模板分页',
      tags: tmplTags,
      access: permission('cert:tmpl:view'),
      body: zPageRequest(ZCertTmplPagingParamsSchema),
      data: zPage(ZCertTmplSchema),
    },
    async ({ body, deps }) => tmplPaging(deps.db, body.params, body.current, body.size),
  );
  post(
    app,
    '/api/cert/tmpl/detail',
    {
      summary: '证书模板详情',
      tags: tmplTags,
      access: permission('cert:tmpl:view'),
      body: ZIdSchema,
      data: ZCertTmplSchema,
    },
    async ({ body, deps }) => tmplDetail(deps.db, body.id),
  );
  post(
    app,
    '/api/cert/tmpl/save',
    {
      summary: '保存证书模板',
      tags: tmplTags,
      access: permission('cert:tmpl:save'),
      body: ZCertTmplSaveSchema,
      data: ZIdSchema,
    },
    async ({ body, deps }) => ({ id: await tmplSave(deps.db, body) }),
  );
  post(
    app,
    '/api/cert/tmpl/delete',
    {
      summary: '删除证书模板',
      tags: tmplTags,
      access: permission('cert:tmpl:delete'),
      body: ZIdsSchema,
      data: z.null(),
    },
    async ({ body, deps }) => {
      await tmplDelete(deps.db, body.ids);
      return null;
    },
  );
  postFile(
    app,
    '/api/cert/tmpl/preview',
    {
      summary: '证书模板预览（示例数据，PDF）',
      tags: tmplTags,
      access: permission('cert:tmpl:view'),
      body: ZCertTmplPreviewSchema,
    },
    async ({ body, deps, request }) => {
      let tmpl: Parameters<typeof renderWithTemplate>[1] | null = body.tmpl
        ? { orientation: body.tmpl.orientation, fields: body.tmpl.fields, bgFileId: body.tmpl.bgFileId ?? null }
        : null;
      if (!tmpl && body.id) {
        const [row] = await deps.db.select().from(elCertTmpl).where(eq(elCertTmpl.id, body.id));
        if (!row) throw notFound('证书模板');
        tmpl = row;
      }
      if (!tmpl) throw badParams('模板：不能为空');
      const pdf = await renderWithTemplate(deps.db, tmpl, SAMPLE_VALUES, verifyUrl(siteBase(request), 'SAMPLE'));
      return { fileName: '证书预览.pdf', contentType: PDF, body: pdf };
    },
  );

  post(
    app,
    '/api/cert/cert/paging',
    {
      summary: '证书分页',
      tags: certTags,
      access: permission('cert:cert:view'),
      body: zPageRequest(ZCertPagingParamsSchema),
      data: zPage(ZCertSchema),
    },
    async ({ body, user, deps }) => certPaging(deps.db, user, body.params, body.current, body.size, deps.clock()),
  );
  post(
    app,
    '/api/cert/cert/my-paging',
    {
      summary: '我的证书',
      tags: certTags,
      access: SIGNED_IN,
      body: zPageRequest(z.object({})),
      data: zPage(ZCertSchema),
    },
    async ({ body, user, deps }) => myCertPaging(deps.db, user, body.current, body.size, deps.clock()),
  );
  post(
    app,
    '/api/cert/cert/detail',
    {
      summary: '证书详情（本人或有权限的管理员）',
      tags: certTags,
      access: SIGNED_IN,
      body: ZIdSchema,
      data: ZCertSchema,
    },
    async ({ body, user, deps }) => certDetail(deps.db, user, body.id, deps.clock()),
  );
  post(
    app,
    '/api/cert/cert/issue',
    {
      summary: '手动发放证书',
      tags: certTags,
      access: permission('cert:cert:issue'),
      body: ZCertIssueSchema,
      data: ZCertIssueResultSchema,
    },
    async ({ body, user, deps }) => issueManual(deps.db, user, body, deps.clock()),
  );
  post(
    app,
    '/api/cert/cert/revoke',
    {
      summary: '撤销证书',
      tags: certTags,
      access: permission('cert:cert:revoke'),
      body: ZCertRevokeSchema,
      data: z.null(),
    },
    async ({ body, user, deps }) => {
      await revokeCert(deps.db, user, body, deps.clock());
      return null;
    },
  );
  post(
    app,
    '/api/cert/cert/reissue',
    {
      summary: '重新生成证书文件（按当前模板）',
      tags: certTags,
      access: permission('cert:cert:issue'),
      body: ZIdSchema,
      data: z.null(),
    },
    async ({ body, user, deps }) => {
      await dropCachedPdf(deps.db, await readableCert(deps.db, user, body.id));
      return null;
    },
  );
  postFile(
    app,
    '/api/cert/cert/export',
    { summary: '导出证书', tags: certTags, access: permission('cert:cert:export'), body: ZCertPagingParamsSchema },
    async ({ body, user, deps }) => exportCerts(deps.db, user, body, deps.clock()),
  );
  postFile(
    app,
    '/api/cert/cert/download',
    { summary: '下载证书 PDF（本人或有权限的管理员）', tags: certTags, access: SIGNED_IN, body: ZIdSchema },
    async ({ body, user, deps, request }) => {
      const cert = await readableCert(deps.db, user, body.id);
      const pdf = await certPdf(deps.db, deps.config.dataDir, cert, siteBase(request));
      return { fileName: `${cert.certNo}.pdf`, contentType: PDF, body: pdf };
    },
  );

  post(
    app,
    '/api/cert/verify',
    {
      summary: '证书验证（公开）',
      tags: ['证书-验证'],
      access: PUBLIC,
      body: ZCertVerifySchema,
      data: ZCertVerifyResultSchema,
      rateLimit: { max: 30, timeWindow: '1 minute' },
    },
    async ({ body, deps }) => verifyCert(deps.db, body.keyword, deps.clock()),
  );
}

/** Endpoints of cert. */

import { z } from 'zod';
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
} from '../cert.js';
import { endpoint, fileEndpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema, zPage, zPageRequest } from '../envelope.js';

export const certTmplPaging = endpoint({
  path: '/api/cert/tmpl/paging',
  body: zPageRequest(ZCertTmplPagingParamsSchema),
  data: zPage(ZCertTmplSchema),
  access: { permission: 'cert:tmpl:view' },
  operation: false,
});

export const certTmplDetail = endpoint({
  path: '/api/cert/tmpl/detail',
  body: ZIdSchema,
  data: ZCertTmplSchema,
  access: { permission: 'cert:tmpl:view' },
  operation: false,
});

export const certTmplSave = endpoint({
  path: '/api/cert/tmpl/save',
  body: ZCertTmplSaveSchema,
  data: ZIdSchema,
  access: { permission: 'cert:tmpl:save' },
  operation: true,
});

export const certTmplDelete = endpoint({
  path: '/api/cert/tmpl/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'cert:tmpl:delete' },
  operation: true,
});

export const certTmplPreview = fileEndpoint({
  path: '/api/cert/tmpl/preview',
  body: ZCertTmplPreviewSchema,
  access: { permission: 'cert:tmpl:view' },
  operation: false,
});

export const certCertPaging = endpoint({
  path: '/api/cert/cert/paging',
  body: zPageRequest(ZCertPagingParamsSchema),
  data: zPage(ZCertSchema),
  access: { permission: 'cert:cert:view' },
  operation: false,
});

export const certCertMyPaging = endpoint({
  path: '/api/cert/cert/my-paging',
  body: zPageRequest(z.object({})),
  data: zPage(ZCertSchema),
  access: 'user',
  operation: false,
});

export const certCertDetail = endpoint({
  path: '/api/cert/cert/detail',
  body: ZIdSchema,
  data: ZCertSchema,
  access: 'user',
  operation: false,
});

export const certCertIssue = endpoint({
  path: '/api/cert/cert/issue',
  body: ZCertIssueSchema,
  data: ZCertIssueResultSchema,
  access: { permission: 'cert:cert:issue' },
  operation: true,
});

export const certCertRevoke = endpoint({
  path: '/api/cert/cert/revoke',
  body: ZCertRevokeSchema,
  data: z.null(),
  access: { permission: 'cert:cert:revoke' },
  operation: true,
});

export const certCertReissue = endpoint({
  path: '/api/cert/cert/reissue',
  body: ZIdSchema,
  data: z.null(),
  access: { permission: 'cert:cert:issue' },
  operation: true,
});

export const certCertExport = fileEndpoint({
  path: '/api/cert/cert/export',
  body: ZCertPagingParamsSchema,
  access: { permission: 'cert:cert:export' },
  operation: false,
});

export const certCertDownload = fileEndpoint({
  path: '/api/cert/cert/download',
  body: ZIdSchema,
  access: 'user',
  operation: false,
});

export const certVerify = endpoint({
  path: '/api/cert/verify',
  body: ZCertVerifySchema,
  data: ZCertVerifyResultSchema,
  access: 'public',
  operation: false,
});

/**
 * The certificate's policy. Templates and issued certificates are managed by the holders of the
 * certificate pages' tags (lists and exports show the learners of their data scope, cut in
 * cert.service.ts); a learner sees and downloads only their own certificate (read with their id).
 */
import {
  certCertDetail,
  certCertDownload,
  certCertExport,
  certCertIssue,
  certCertPaging,
  certCertReissue,
  certCertRevoke,
  certTmplDelete,
  certTmplDetail,
  certTmplPreview,
  certTmplSave,
} from '@exam/contracts';
import { definePolicy, guardEndpoints, holderOfTag, ownRowsOnly } from '../../platform/policy/index.js';

export const certPolicy = definePolicy({
  aggregate: 'cert',
  rules: {
    viewTemplate: holderOfTag,
    editTemplate: holderOfTag,
    view: holderOfTag,
    issue: holderOfTag,
    revoke: holderOfTag,
    export: holderOfTag,
    own: ownRowsOnly,
  },
});

guardEndpoints(certPolicy, {
  [certTmplDetail.path]: ['viewTemplate', (b) => b.id],
  [certTmplPreview.path]: ['viewTemplate', (b) => b.id],
  [certTmplSave.path]: ['editTemplate', (b) => b.id],
  [certTmplDelete.path]: ['editTemplate', (b) => b.ids],
  [certCertPaging.path]: ['view', () => null],
  [certCertIssue.path]: ['issue', () => null],
  [certCertReissue.path]: ['issue', (b) => b.id],
  [certCertRevoke.path]: ['revoke', (b) => b.id],
  [certCertExport.path]: ['export', () => null],
  [certCertDetail.path]: ['own', (b) => b.id],
  [certCertDownload.path]: ['own', (b) => b.id],
});

/**
 * The policy of an exam's link (公开链接) and its candidates. The organiser's link settings are
 * the exam pages' tags' (exams are shared content: exam.policy.ts). A candidate's own calls name
 * no record: the session is its candidate and its exam (platform/candidate-session.ts confines it).
 */
import { candidateLinkDetail, candidateLinkRenew, candidateLinkSave } from '@exam/contracts';
import { definePolicy, guardEndpoints, holderOfTag } from '../../platform/policy/index.js';

export const openLinkPolicy = definePolicy({
  aggregate: 'openLink',
  rules: {
    view: holderOfTag,
    edit: holderOfTag,
  },
});

guardEndpoints(openLinkPolicy, {
  [candidateLinkDetail.path]: ['view', (b) => b.examId],
  [candidateLinkSave.path]: ['edit', (b) => b.examId],
  [candidateLinkRenew.path]: ['edit', (b) => b.examId],
});

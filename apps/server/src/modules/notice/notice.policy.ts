/**
 * The notice's policy. An administrator sees and changes the notices written by users of their
 * data scope (`scope`: others are not found), and addresses only departments and users of that
 * scope (the audience policy). A reader opens a notice published to them (notice-reader.ts).
 */
import {
  noticeDelete,
  noticeDetail,
  noticeListUnread,
  noticePublish,
  noticeRead,
  noticeSave,
  noticeWithdraw,
} from '@exam/contracts';
import type { AuthUser } from '../../platform/auth.js';
import {
  definePolicy,
  guardEndpoints,
  holderOfTag,
  ownRowsOnly,
  type PolicyContext,
} from '../../platform/policy/index.js';
import { type Audience, assertAudienceInScope } from './notice-audience.js';

export const noticePolicy = definePolicy({
  aggregate: 'notice',
  rules: {
    view: holderOfTag,
    edit: holderOfTag,
    publish: holderOfTag,
    delete: holderOfTag,
    read: ownRowsOnly,
  },
});

/**
 * The audience's policy, shared by notices, courses and live rooms: an administrator addresses only
 * existing departments and users of their data scope (notice-audience.ts answers the refusals).
 */
export const audiencePolicy = definePolicy({
  aggregate: 'audience',
  rules: {
    address: ({ db }: PolicyContext, t: { admin: AuthUser; audience: Audience }) =>
      assertAudienceInScope(db, t.admin, t.audience),
  },
});

guardEndpoints(noticePolicy, {
  [noticeDetail.path]: ['view', (b) => b.id],
  [noticeListUnread.path]: ['view', () => null],
  [noticeSave.path]: ['edit', () => null],
  [noticePublish.path]: ['publish', () => null],
  [noticeWithdraw.path]: ['publish', (b) => b.id],
  [noticeDelete.path]: ['delete', (b) => b.ids],
  [noticeRead.path]: ['read', (b) => b.id],
});

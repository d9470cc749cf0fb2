/**
 * The message's policy: a user reads, marks and deletes only their own messages (the service reads
 * them with the reader's id in its condition); an administrator sends to the departments and users
 * of their data scope (msg.service.ts cuts the recipients to it).
 */
import { sysMsgSend, sysUserMsgDetailForRead, sysUserMsgMarkRead, sysUserMsgUserDelete } from '@exam/contracts';
import { definePolicy, guardEndpoints, holderOfTag, ownRowsOnly } from '../../../platform/policy/index.js';

export const messagePolicy = definePolicy({
  aggregate: 'message',
  rules: {
    read: ownRowsOnly,
    send: holderOfTag,
  },
});

guardEndpoints(messagePolicy, {
  [sysUserMsgDetailForRead.path]: ['read', (b) => b.id],
  [sysUserMsgMarkRead.path]: ['read', (b) => b.ids],
  [sysUserMsgUserDelete.path]: ['read', (b) => b.ids],
  [sysMsgSend.path]: ['send', () => null],
});

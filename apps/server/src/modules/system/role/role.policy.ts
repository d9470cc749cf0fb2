/**
 * The role's policy: who may change which role and grant what. An administrator changes only a
 * role they do not hold, that is not `sa` (unless they hold it), and that is within their rank
 * (role-rank.ts); they grant no data scope, menu or permission they lack (role-guard.ts). Reading
 * roles is open to the holders of the role pages' tags.
 */
import { sysRoleDetail, sysRoleListMenus } from '@exam/contracts';
import { definePolicy, guardEndpoints, holderOfTag, type PolicyContext } from '../../../platform/policy/index.js';
import { assertMenusHeld, assertPermissionHeld, assertRoleEditable, assertScopeGrantable } from './role-guard.js';
import { assertRoleInReach } from './role-rank.js';

interface RoleFacts {
  id: string;
  code: string;
  name: string;
  dataScope: number;
}

export const rolePolicy = definePolicy({
  aggregate: 'role',
  rules: {
    /** Roles are the catalogue of what can be granted: every holder of the view tag reads them all. */
    view: holderOfTag,
    /** Edit, re-grant or delete: not one's own, not `sa`, and within the actor's rank. */
    change: async ({ db, actor }: PolicyContext, role: RoleFacts) => {
      await assertRoleEditable(db, actor, role);
      await assertRoleInReach(db, actor, role);
    },
    grantScope: ({ db, actor }: PolicyContext, dataScope: number) => assertScopeGrantable(db, actor, dataScope),
    grantMenus: ({ db, actor }: PolicyContext, menuIds: string[]) => assertMenusHeld(db, actor, menuIds),
    grantPermission: ({ db, actor }: PolicyContext, tag: string) => assertPermissionHeld(db, actor, tag),
  },
});

guardEndpoints(rolePolicy, {
  [sysRoleDetail.path]: ['view', () => null],
  [sysRoleListMenus.path]: ['view', () => null],
});

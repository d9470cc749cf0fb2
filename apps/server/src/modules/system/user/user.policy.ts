/**
 * The user's policy: who may see, change and act on which users. Data scope (../data-scope.ts)
 * decides whom an administrator sees; the user guard (user-guard.ts) whom they may change and
 * which roles they may grant. Every module that acts on users of the organisation (user
 * administration, exam arrangements, the invigilation console, live chat moderation, messages)
 * asks here.
 */
import { ErrorCode } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { sysDepart } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { definePolicy, holderOfTag, type PolicyContext } from '../../../platform/policy/index.js';
import { assertUsersInScope as assertInDataScope, deptInScope, userScope } from '../data-scope.js';
import {
  assertRolesGrantable,
  assertUsersChangeable,
  assertUsersInScope,
  type Rights,
  rightsOf,
  type UserAction,
} from './user-guard.js';

/** The department must exist and lie inside the actor's scope. */
async function deptAssignable({ db, actor }: PolicyContext, deptId: string): Promise<void> {
  const [dept] = await db
    .select({ id: sysDepart.id, code: sysDepart.code, name: sysDepart.name })
    .from(sysDepart)
    .where(eq(sysDepart.id, deptId));
  if (!dept) throw notFound('部门');
  if (!deptInScope(actor, dept))
    throw new AppError(ErrorCode.NO_PERMISSION, `部门 ${dept.name} 不在您的数据权限范围内`);
}

const change =
  (action: UserAction) =>
  ({ db, actor }: PolicyContext, ids: string[]): Promise<Rights> =>
    assertUsersChangeable(db, actor, ids, action);

export const userPolicy = definePolicy({
  aggregate: 'user',
  rules: {
    /** Every id a live user inside the scope: 10010003 unknown, 10010004 outside (user-guard.ts). */
    view: ({ db, actor }: PolicyContext, ids: string[]) => assertUsersInScope(db, actor, ids),
    /**
     * Acting on learners of one's scope from another module (arrangements, the console): unknown ids
     * are left to the caller; one outside the scope is refused with the caller's text.
     */
    actOn: ({ db, actor }: PolicyContext, t: { ids: string[]; message?: string }) =>
      assertInDataScope(db, actor, t.ids, t.message),
    /** A list or an export: the rows of `scope` (the scope's users; their filters come on top). */
    list: holderOfTag,
    create: async (ctx: PolicyContext, t: { deptId: string; roleIds: string[] }) => {
      await deptAssignable(ctx, t.deptId);
      await assertRolesGrantable(ctx.db, await rightsOf(ctx.db, ctx.actor.id), t.roleIds);
    },
    update: change('update'),
    state: change('state'),
    'reset-pass': change('reset-pass'),
    delete: change('delete'),
    dept: change('dept'),
    role: change('role'),
    /** Moving users into a department: it exists and lies in the scope. */
    assignDept: deptAssignable,
    /** Granting roles: none gives more than the actor (whose rights the change rule read) holds. */
    grantRoles: ({ db }: PolicyContext, t: { rights: Rights; roleIds: string[] }) =>
      assertRolesGrantable(db, t.rights, t.roleIds),
  },
  scope: (actor) => userScope(actor),
});

/** Departments: a tree with path codes (child = parent code + 'D' + 3 digits), recoded when moved. */
import type { TDeptNode, TDeptSave } from '@exam/contracts';
import { and, asc, count, eq, inArray, isNull, like, notInArray, sql } from 'drizzle-orm';
import { sysDepart, sysUser } from '../../../db/schema/index.js';
import { authChanged } from '../../../platform/auth.js';
import type { Db, Executor, Tx } from '../../../platform/db.js';
import { badParams, conflict, isUniqueViolation, notFound } from '../../../platform/errors.js';
import { escapeLike } from '../../../platform/like.js';
import { buildTree, iso } from '../tree.js';

type DeptRow = typeof sysDepart.$inferSelect;

const SEGMENT = /^D(\d{3})$/;

/** The whole tree ordered by sort; only the fields a picker needs. */
export async function deptTree(db: Executor): Promise<TDeptNode[]> {
  const rows = await db
    .select({
      id: sysDepart.id,
      parentId: sysDepart.parentId,
      code: sysDepart.code,
      name: sysDepart.name,
      sort: sysDepart.sort,
    })
    .from(sysDepart)
    .orderBy(asc(sysDepart.sort), asc(sysDepart.code));
  return buildTree(rows);
}

export async function deptDetail(db: Executor, id: string) {
  const [row] = await db.select().from(sysDepart).where(eq(sysDepart.id, id));
  if (!row) throw notFound('部门');
  const [users] = await db
    .select({ n: count() })
    .from(sysUser)
    .where(and(eq(sysUser.deptId, id), isNull(sysUser.deletedAt)));
  return {
    id: row.id,
    parentId: row.parentId,
    code: row.code,
    name: row.name,
    sort: row.sort,
    userCount: users.n,
    createdAt: iso(row.createdAt),
  };
}

/** The next free code under a parent (or at the root). */
async function nextCode(tx: Tx, parentId: string | null, parentCode: string): Promise<string> {
  const siblings = await tx
    .select({ code: sysDepart.code })
    .from(sysDepart)
    .where(parentId ? eq(sysDepart.parentId, parentId) : isNull(sysDepart.parentId));
  let max = 0;
  for (const { code } of siblings) {
    const m = SEGMENT.exec(code.slice(parentCode.length));
    if (code.startsWith(parentCode) && m) max = Math.max(max, Number(m[1]));
  }
  if (max >= 999) throw badParams('同一上级部门下的部门数量已达上限（999个）');
  return `${parentCode}D${String(max + 1).padStart(3, '0')}`;
}

async function loadParent(tx: Tx, parentId: string | null | undefined): Promise<DeptRow | null> {
  if (!parentId) return null;
  const [parent] = await tx.select().from(sysDepart).where(eq(sysDepart.id, parentId)).for('update');
  if (!parent) throw notFound('上级部门');
  return parent;
}

/** Moves a department under a new parent, recoding it and its whole subtree. */
async function moveDept(tx: Tx, dept: DeptRow, parentId: string | null): Promise<void> {
  const parent = await loadParent(tx, parentId);
  if (parent && (parent.id === dept.id || parent.code.startsWith(dept.code)))
    throw badParams('上级部门：不能把部门移动到它自己或它的下级部门之下');
  const newCode = await nextCode(tx, parent?.id ?? null, parent?.code ?? '');
  await tx
    .update(sysDepart)
    .set({ parentId: parent?.id ?? null })
    .where(eq(sysDepart.id, dept.id));
  await tx
    .update(sysDepart)
    .set({ code: sql`${newCode} || substr(${sysDepart.code}, ${dept.code.length + 1})` })
    .where(like(sysDepart.code, `${escapeLike(dept.code)}%`));
}

/** Creates or updates a department; the server assigns the code. Retries when a concurrent save took the code. */
export async function saveDept(db: Db, input: TDeptSave): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await db.transaction(async (tx) => {
        if (!input.id) {
          const parent = await loadParent(tx, input.parentId);
          const code = await nextCode(tx, parent?.id ?? null, parent?.code ?? '');
          const [row] = await tx
            .insert(sysDepart)
            .values({ parentId: parent?.id ?? null, code, name: input.name, sort: input.sort })
            .returning({ id: sysDepart.id });
          return row.id;
        }
        const [dept] = await tx.select().from(sysDepart).where(eq(sysDepart.id, input.id)).for('update');
        if (!dept) throw notFound('部门');
        await tx.update(sysDepart).set({ name: input.name, sort: input.sort }).where(eq(sysDepart.id, dept.id));
        if ((input.parentId ?? null) !== dept.parentId) await moveDept(tx, dept, input.parentId ?? null);
        return dept.id;
      });
      // A move recodes the subtree: the department codes in cached tokens change.
      if (input.id) await authChanged({ all: true });
      return id;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}

/** Sets one sort, or applies a drag-and-drop list of {id, parentId, sort} in one transaction. */
export async function sortDepts(
  db: Db,
  items: { id: string; parentId?: string | null; sort: number }[],
  moves: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const item of items) {
      const [dept] = await tx.select().from(sysDepart).where(eq(sysDepart.id, item.id)).for('update');
      if (!dept) throw notFound('部门');
      await tx.update(sysDepart).set({ sort: item.sort }).where(eq(sysDepart.id, dept.id));
      if (moves && (item.parentId ?? null) !== dept.parentId) await moveDept(tx, dept, item.parentId ?? null);
    }
  });
  if (moves) await authChanged({ all: true });
}

/** Deletes departments without children and users. */
export async function deleteDepts(db: Db, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(sysDepart).where(inArray(sysDepart.id, ids)).for('update');
    if (rows.length !== ids.length) throw notFound('部门');
    for (const dept of rows) {
      const [children] = await tx
        .select({ n: count() })
        .from(sysDepart)
        .where(and(eq(sysDepart.parentId, dept.id), notInArray(sysDepart.id, ids)));
      if (children.n > 0) throw conflict(`部门“${dept.name}”下还有子部门，不能删除`);
      const [users] = await tx
        .select({ n: count() })
        .from(sysUser)
        .where(and(eq(sysUser.deptId, dept.id), isNull(sysUser.deletedAt)));
      if (users.n > 0) throw conflict(`部门“${dept.name}”下还有${users.n}个用户，不能删除`);
    }
    await tx.delete(sysDepart).where(inArray(sysDepart.id, ids));
  });
}

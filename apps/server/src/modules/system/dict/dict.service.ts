/** Dictionaries and their values (a tree per dictionary). */
import type { TDicSave, TDicValueNode, TDicValueSave } from '@exam/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { sysDic, sysDicValue } from '../../../db/schema/index.js';
import type { Db, Executor, Tx } from '../../../platform/db.js';
import { badParams, conflict, duplicate, isUniqueViolation, notFound } from '../../../platform/errors.js';
import { containing } from '../../../platform/like.js';
import { paginate } from '../../../platform/paging.js';
import { buildTree, iso } from '../tree.js';

export async function pagingDics(db: Executor, current: number, size: number, params: { keyword?: string | null }) {
  const k = params.keyword ? containing(params.keyword) : null;
  const cond: SQL | undefined = k ? or(ilike(sysDic.code, k), ilike(sysDic.title, k)) : undefined;
  return paginate(
    { current, size },
    db.select({ n: count() }).from(sysDic).where(cond),
    db.select().from(sysDic).where(cond).orderBy(desc(sysDic.createdAt)).$dynamic(),
    (r) => ({ id: r.id, code: r.code, title: r.title, remark: r.remark, createdAt: iso(r.createdAt) }),
  );
}

/** Creates or updates a dictionary; a changed code moves its values along, in one transaction. */
export async function saveDic(db: Db, input: TDicSave): Promise<string> {
  const values = { code: input.code, title: input.title, remark: input.remark ?? null };
  try {
    return await db.transaction(async (tx) => {
      if (!input.id) {
        const [row] = await tx.insert(sysDic).values(values).returning({ id: sysDic.id });
        return row.id;
      }
      const [existing] = await tx.select().from(sysDic).where(eq(sysDic.id, input.id)).for('update');
      if (!existing) throw notFound('字典');
      await tx.update(sysDic).set(values).where(eq(sysDic.id, input.id));
      if (existing.code !== input.code)
        await tx.update(sysDicValue).set({ dicCode: input.code }).where(eq(sysDicValue.dicCode, existing.code));
      return input.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(`字典编码 ${input.code} 已存在`);
    throw err;
  }
}

/** Deletes dictionaries with all their values, in one transaction. */
export async function deleteDics(db: Db, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ code: sysDic.code }).from(sysDic).where(inArray(sysDic.id, ids));
    if (rows.length !== ids.length) throw notFound('字典');
    await tx.delete(sysDicValue).where(
      inArray(
        sysDicValue.dicCode,
        rows.map((r) => r.code),
      ),
    );
    await tx.delete(sysDic).where(inArray(sysDic.id, ids));
  });
}

/** The values of a dictionary as a tree (SPEC 3: the web reads aiExam_conf). */
export async function dicValueTree(db: Executor, dicCode: string): Promise<TDicValueNode[]> {
  const rows = await db
    .select({
      id: sysDicValue.id,
      dicCode: sysDicValue.dicCode,
      parentId: sysDicValue.parentId,
      value: sysDicValue.value,
      title: sysDicValue.title,
      sort: sysDicValue.sort,
      remark: sysDicValue.remark,
    })
    .from(sysDicValue)
    .where(eq(sysDicValue.dicCode, dicCode))
    .orderBy(asc(sysDicValue.sort), asc(sysDicValue.id));
  return buildTree(rows);
}

export async function saveDicValue(db: Db, input: TDicValueSave): Promise<string> {
  const [dic] = await db.select({ id: sysDic.id }).from(sysDic).where(eq(sysDic.code, input.dicCode));
  if (!dic) throw notFound('字典');
  if (input.parentId) {
    if (input.parentId === input.id) throw badParams('上级：不能选择自身');
    const [parent] = await db
      .select({ id: sysDicValue.id })
      .from(sysDicValue)
      .where(and(eq(sysDicValue.id, input.parentId), eq(sysDicValue.dicCode, input.dicCode)));
    if (!parent) throw notFound('上级字典值');
  }
  const values = {
    dicCode: input.dicCode,
    parentId: input.parentId ?? null,
    value: input.value,
    title: input.title,
    sort: input.sort,
    remark: input.remark ?? null,
  };
  try {
    if (!input.id) {
      const [row] = await db.insert(sysDicValue).values(values).returning({ id: sysDicValue.id });
      return row.id;
    }
    const rows = await db
      .update(sysDicValue)
      .set(values)
      .where(eq(sysDicValue.id, input.id))
      .returning({ id: sysDicValue.id });
    if (!rows.length) throw notFound('字典值');
    return input.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(`字典值 ${input.value} 已存在`);
    throw err;
  }
}

/** Deletes values without children. */
export async function deleteDicValues(db: Db, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(sysDicValue).where(inArray(sysDicValue.id, ids));
    if (rows.length !== ids.length) throw notFound('字典值');
    const children = await tx
      .select({ id: sysDicValue.id, parentId: sysDicValue.parentId })
      .from(sysDicValue)
      .where(inArray(sysDicValue.parentId, ids));
    const blocking = children.find((c) => !ids.includes(c.id));
    if (blocking) throw conflict('所选字典值下还有下级字典值，不能删除');
    await tx.delete(sysDicValue).where(inArray(sysDicValue.id, ids));
  });
}

/**
 * Creates the dictionary when missing and sets the remark of each listed value (creating the value
 * when missing), inside the caller's transaction: the one writer of sys_dic for modules that keep
 * their settings in a dictionary (the assistant's aiExam_conf).
 */
export async function putDicRemarks(
  tx: Tx,
  dic: { code: string; title: string },
  values: { value: string; title: string; remark: string }[],
): Promise<void> {
  const [found] = await tx.select({ id: sysDic.id }).from(sysDic).where(eq(sysDic.code, dic.code));
  if (!found) await tx.insert(sysDic).values({ code: dic.code, title: dic.title });
  for (const v of values) {
    const where = and(eq(sysDicValue.dicCode, dic.code), eq(sysDicValue.value, v.value));
    const [row] = await tx.select({ id: sysDicValue.id }).from(sysDicValue).where(where).for('update');
    if (row) await tx.update(sysDicValue).set({ remark: v.remark }).where(eq(sysDicValue.id, row.id));
    else await tx.insert(sysDicValue).values({ dicCode: dic.code, value: v.value, title: v.title, remark: v.remark });
  }
}

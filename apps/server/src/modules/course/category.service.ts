/** Course categories (课程分类): a sortable tree. */
import type { TCourseCategory, ZCourseCategorySaveSchema } from '@exam/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { elCourse, elCourseCategory } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { badParams, conflict, notFound } from '../../platform/errors.js';

type Row = typeof elCourseCategory.$inferSelect;

export function buildTree(rows: Row[]): TCourseCategory[] {
  const nodes = new Map<string, TCourseCategory>(
    rows.map((r) => [r.id, { id: r.id, parentId: r.parentId, name: r.name, sort: r.sort, children: [] }]),
  );
  const roots: TCourseCategory[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    if (parent) parent.children = [...(parent.children ?? []), n];
    else roots.push(n);
  }
  return roots;
}

export async function categoryTree(db: Executor): Promise<TCourseCategory[]> {
  return buildTree(
    await db.select().from(elCourseCategory).orderBy(asc(elCourseCategory.sort), asc(elCourseCategory.id)),
  );
}

export async function saveCategory(db: Executor, input: z.output<typeof ZCourseCategorySaveSchema>): Promise<string> {
  const values = { name: input.name, parentId: input.parentId ?? null, sort: input.sort };
  if (values.parentId) {
    const all = await db.select().from(elCourseCategory);
    const byId = new Map(all.map((r) => [r.id, r]));
    if (!byId.has(values.parentId)) throw badParams('上级分类：分类不存在或已被删除');
    // Walk up from the new parent: meeting the category itself would make a loop.
    for (let p: string | null = values.parentId; p; p = byId.get(p)?.parentId ?? null)
      if (p === input.id) throw badParams('上级分类：不能选择自己或自己的下级');
  }
  if (!input.id) {
    const [row] = await db.insert(elCourseCategory).values(values).returning({ id: elCourseCategory.id });
    return row.id;
  }
  const [row] = await db
    .update(elCourseCategory)
    .set(values)
    .where(eq(elCourseCategory.id, input.id))
    .returning({ id: elCourseCategory.id });
  if (!row) throw notFound('课程分类');
  return row.id;
}

export async function deleteCategory(db: Executor, id: string): Promise<void> {
  const [kids] = await db.select({ n: count() }).from(elCourseCategory).where(eq(elCourseCategory.parentId, id));
  if (kids.n > 0) throw conflict('该分类下还有子分类，不能删除');
  const [used] = await db.select({ n: count() }).from(elCourse).where(eq(elCourse.categoryId, id));
  if (used.n > 0) throw conflict('该分类下还有课程，不能删除');
  const gone = await db
    .delete(elCourseCategory)
    .where(eq(elCourseCategory.id, id))
    .returning({ id: elCourseCategory.id });
  if (gone.length === 0) throw notFound('课程分类');
}

/**
 * Knowledge points (知识点): one tree per site (a site is one organisation), and the link of a
 * question to the points it tests. A question has several points; tagging a point counts for its
 * ancestors too, so a filter by a point reads its subtree through `path`.
 *
 * `path` is the chain of ids from the root down to the point itself, each id closed by '/'
 * ('/root/child/'): a subtree is `path LIKE '/root/child/%'`, an ancestor test is a prefix test,
 * and a move rewrites the prefix of the moved subtree in one statement. Titles are unique among
 * siblings (a path of titles, 安全/消防, names one point, which the interchange formats rely on).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';

export const elKnowledgePoint = pgTable(
  'el_knowledge_point',
  {
    id: idColumn(),
    /** NULL for a root. */
    parentId: text('parent_id'),
    title: text('title').notNull(),
    /** Position among siblings. */
    sort: integer('sort').notNull().default(0),
    /** Ids from the root down to this point, each closed by '/': '/a/b/'. */
    path: text('path').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('el_knowledge_point_parent_idx').on(t.parentId),
    index('el_knowledge_point_path_idx').on(t.path.op('text_pattern_ops')),
    uniqueIndex('el_knowledge_point_sibling_title_uq').on(sql`coalesce(${t.parentId}, '')`, t.title),
  ],
);

/** The knowledge points of a question (top-level questions and children of a composite alike). */
export const elQuKnowledge = pgTable(
  'el_qu_knowledge',
  {
    quId: text('qu_id').notNull(),
    kpId: text('kp_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.quId, t.kpId] }), index('el_qu_knowledge_kp_idx').on(t.kpId)],
);

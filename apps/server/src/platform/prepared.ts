/**
 * Statements of the exam-day hot paths (the save, the paper read, the start's and the hand-in's
 * lookups), built once per database and named (drizzle's `prepare`):
 * a query built with the query builder on every call spent more CPU in Drizzle than in the
 * driver (the paper read's SQL was assembled field by field per learner: bench/call-cost.ts), and
 * PostgreSQL parses and plans a named statement once per connection instead of per call.
 *
 * Only for the pool itself: a statement prepared on the pool runs on a pooled connection, never
 * inside a caller's transaction, so a caller holding a transaction builds its query as before
 * (`onPool` answers null for it).
 */
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './db.js';

const names = new Set<string>();

/**
 * A statement named `name`, built by `build` the first time it is asked for on a database and kept
 * for that database (tests open several). Names are unique in the process: two statements of one
 * name would each be prepared on a connection under it, and PostgreSQL refuses the second.
 */
export function preparedStatement<S>(name: string, build: (db: Db, name: string) => S): (db: Db) => S {
  if (names.has(name)) throw new Error(`prepared statement ${name} is declared twice`);
  names.add(name);
  const byDb = new WeakMap<Db, S>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = build(db, name);
      byDb.set(db, statement);
    }
    return statement;
  };
}

/** The executor as the pool, or null when it is a transaction (a prepared statement would leave it). */
export const onPool = (executor: Executor): Db | null => (is(executor, PgTransaction) ? null : (executor as Db));

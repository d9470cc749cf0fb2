/**
 * The bank as a paper's draw needs it, kept in memory per process: each rule's candidates (the
 * top-level questions of its banks, kind and level) and the rows of questions once drawn, with a
 * composite's parts. In the 09:00 rush every start of an exam draws from the same pool; read per
 * start it cost an ORDER BY random() over the bank per rule and a read of the 50 drawn rows.
 *
 * Kept until the bank changes or `ttlMs` at most. Every write of the bank's services calls
 * `questionPoolChanged` after its commit, and other instances hear it on Redis; the TTL bounds what
 * a write outside them (or a message lost with Redis) leaves stale. A published exam's banks
 * cannot lose questions (qu-usage.ts refuses the deletion), so within that bound the worst is an
 * edited text, or a new question not yet drawn. A fill that read the database before a change is
 * not kept (the generation, as in platform/auth-cache.ts).
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { elQu, elQuRepo } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import type {} from '../../platform/deps.js';
import { InvalidationChannel, installInvalidationChannel } from '../../platform/invalidation-channel.js';

export type QuestionRow = typeof elQu.$inferSelect;

/** A drawn question as the paper copies it: its row and, for a composite, its parts in order. */
export interface PoolQuestion {
  row: QuestionRow;
  children: QuestionRow[];
}

/** What a rule draws from. */
export interface PoolRule {
  repoIds: string[];
  quType: number;
  level: number;
}

export const POOL_CHANNEL = 'question-pool-changed';

interface Kept<V> {
  value: V;
  until: number;
}

export class QuestionPool {
  settings = { ttlMs: 30_000, maxRules: 64, maxQuestions: 20_000 };
  private generation = 0;
  private readonly rules = new Map<string, Kept<readonly string[]>>();
  private readonly questions = new Map<string, Kept<PoolQuestion>>();
  /** The other instances' changes; any message, or a reconnect (messages missed), forgets all. */
  readonly channel = new InvalidationChannel<object>(
    POOL_CHANNEL,
    () => this.forget(),
    () => this.forget(),
  );

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The ids of the rule's candidates: its banks' live top-level questions of its kind (and level).
   * `fresh` reads them again (a draw that found too few asks once more before it refuses).
   */
  async candidates(db: Executor, rule: PoolRule, fresh = false): Promise<readonly string[]> {
    const key = ruleKey(rule);
    const kept = fresh ? undefined : this.live(this.rules, key);
    if (kept) return kept;
    const mark = this.generation;
    const rows = await db.select({ id: elQu.id }).from(elQu).where(ruleCandidates(rule)).orderBy(asc(elQu.id));
    const ids = rows.map((r) => r.id);
    this.keep(this.rules, key, ids, mark, this.settings.maxRules);
    return ids;
  }

  /**
   * The rows of these questions and of their parts, live ones only (a question not found is left
   * out): from memory, the missing ones in one read.
   */
  async rows(db: Executor, ids: readonly string[]): Promise<Map<string, PoolQuestion>> {
    const out = new Map<string, PoolQuestion>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const kept = this.live(this.questions, id);
      if (kept) out.set(id, kept);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const mark = this.generation;
    const read = await db
      .select()
      .from(elQu)
      .where(and(or(inArray(elQu.id, missing), inArray(elQu.parentId, missing)), isNull(elQu.deletedAt)))
      .orderBy(asc(elQu.sort), asc(elQu.id));
    const wanted = new Set(missing);
    for (const row of read) if (wanted.has(row.id)) out.set(row.id, { row, children: [] });
    for (const row of read)
      if (row.parentId !== null && wanted.has(row.parentId)) out.get(row.parentId)?.children.push(row);
    for (const id of missing) {
      const q = out.get(id);
      if (q) this.keep(this.questions, id, q, mark, this.settings.maxQuestions);
    }
    return out;
  }

  /** Forgets everything here and tells the other instances. Call it after the change is committed. */
  async changed(): Promise<void> {
    this.forget();
    await this.channel.publish({});
  }

  private forget(): void {
    this.generation++;
    this.rules.clear();
    this.questions.clear();
  }

  private live<V>(map: Map<string, Kept<V>>, key: string): V | undefined {
    const kept = map.get(key);
    if (!kept) return undefined;
    if (kept.until > this.now()) return kept.value;
    map.delete(key);
    return undefined;
  }

  private keep<V>(map: Map<string, Kept<V>>, key: string, value: V, mark: number, max: number): void {
    if (mark !== this.generation) return;
    map.set(key, { value, until: this.now() + this.settings.ttlMs });
    while (map.size > max) map.delete(map.keys().next().value as string);
  }
}

const ruleKey = (rule: PoolRule) => `${[...rule.repoIds].sort().join(',')}|${rule.quType}|${rule.level ?? 0}`;

/** Top-level questions of a rule in its banks. */
export function ruleCandidates(rule: PoolRule) {
  return and(
    isNull(elQu.deletedAt),
    isNull(elQu.parentId),
    eq(elQu.type, rule.quType),
    rule.level ? eq(elQu.level, rule.level) : undefined,
    sql`exists (select 1 from ${elQuRepo} r where r.qu_id = ${elQu.id} and ${inArray(sql`r.repo_id`, rule.repoIds)})`,
  );
}

/** `count` ids drawn uniformly from `ids` without those in `taken` (fewer when there are not enough). */
export function drawFrom(ids: readonly string[], count: number, taken: ReadonlySet<string>): string[] {
  const open = taken.size ? ids.filter((id) => !taken.has(id)) : [...ids];
  const n = Math.min(count, open.length);
  // The first n places of a Fisher–Yates shuffle.
  for (let i = 0; i < n; i++) {
    const j = i + randomInt(open.length - i);
    [open[i], open[j]] = [open[j], open[i]];
  }
  return open.slice(0, n);
}

/** The pool of this process. */
export const questionPool = new QuestionPool();

/**
 * The one way to say that questions or their banks changed: after the commit (a draw between the
 * change and the commit would otherwise keep the old state again).
 */
export const questionPoolChanged = (): Promise<void> => questionPool.changed();

/** With Redis, hears the other instances' changes while the app runs. */
export function installQuestionPool(app: FastifyInstance, pool: QuestionPool = questionPool): void {
  installInvalidationChannel(app, pool.channel, 'question pool');
}

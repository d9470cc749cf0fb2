/**
 * The OpenAPI walker of the sitting-learner rule: every POST path of the served document
 * (/api/docs/json) is called as a learner who sits a paper, with bodies built from its request
 * schema and the ids of that paper's questions, bank, exam, attempts, practice sessions and book
 * entries. No answer may hold a key of the paper (sitting-leaks.ts), and a route whose answer
 * shows question data must declare `questionData: true` (x-question-data) to say it joined the
 * guard. A new route is walked without editing this file.
 */
import { bookSubmit, paperPaperAbandon, paperPaperHand, paperPaperResult, sysUserLogout } from '@exam/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elQuKnowledge, elUserBook } from '../../db/schema/index.js';
import { createTestApp } from '../../test/test-app.js';
import { testClock } from '../paper/test-fixtures.js';
import { createSittingKit, type SittingKit } from './sitting-kit.js';
import { findLeaks, holdsQuestionData, keysOf } from './sitting-leaks.js';

/** Calls that would end the sitting or the session the walk runs in; each says why. */
const NOT_WALKED: Record<string, string> = {
  [paperPaperHand.path]: 'hands the open paper in (the after-hand-in test covers it)',
  [paperPaperAbandon.path]: 'ends the open paper',
  [sysUserLogout.path]: 'ends the session',
};
/** Declared routes that show no question while the paper is open; the sitting-guard test covers them. */
const HIDDEN_WHILE_SITTING: Record<string, string> = {
  [paperPaperResult.path]: 'the review of an attempt sharing a question is held back',
  [bookSubmit.path]: 'every book entry of the walk is a question of the paper: refused',
};
/** Walked last: they delete the learner's own data the other calls read. */
const LAST = /\/(delete|clear|remove)[a-z-]*$/;
const MAX_CALLS_PER_PATH = 80;

type Schema = Record<string, any>;
interface Slot {
  path: (string | number)[];
  values: unknown[];
}

let k: SittingKit;
let doc: Schema;
/** The knowledge points of the walk's questions: a point filter is tried with these, not with any id. */
let kpIds: string[] = [];
beforeAll(async () => {
  const clock = testClock();
  k = await createSittingKit(await createTestApp({ clock }), clock);
  doc = (await k.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const tagged = await k.t.db
    .selectDistinct({ kpId: elQuKnowledge.kpId })
    .from(elQuKnowledge)
    .where(inArray(elQuKnowledge.quId, [...k.lockedIds, k.outsideQuId]));
  kpIds = tagged.map((r) => r.kpId);
}, 120_000);
afterAll(async () => k.t.close());

/** Candidate values of an id-like field, by its name. */
function idsFor(name: string, all: string[]): string[] | null {
  const pools: Record<string, string[]> = {
    quId: [...k.lockedIds, k.outsideQuId],
    paperId: [k.openPaperId, k.donePaperId],
    examId: [k.examId],
    repoId: [k.repoId],
    trainId: k.trainIds,
    userId: [k.learnerId],
  };
  if (pools[name]) return pools[name];
  // A point filter with an id of another kind matches nothing and would hide every combination.
  if (name === 'kpId') return kpIds.length ? kpIds : null;
  if (name === 'id' || name === 'ids' || /Ids?$/.test(name)) return all;
  return null;
}

/** A value for a schema; id-like fields and small integer ranges become slots to iterate. */
function build(s: Schema | undefined, name: string, path: (string | number)[], slots: Slot[], all: string[]): unknown {
  if (!s) return null;
  if (s.$ref) return build(doc.components?.schemas?.[s.$ref.split('/').pop()], name, path, slots, all);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) {
    const concrete = variants.filter((v: Schema) => v.type !== 'null');
    return build(concrete[0] ?? variants[0], name, path, slots, all);
  }
  if (s.allOf) return build(Object.assign({}, ...s.allOf), name, path, slots, all);
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(s.required ?? []);
      for (const [prop, ps] of Object.entries<Schema>(s.properties ?? {})) {
        const idLike = idsFor(prop, all) !== null;
        const isObject = ps.type === 'object' || ps.properties;
        if (required.has(prop) || idLike || isObject) out[prop] = build(ps, prop, [...path, prop], slots, all);
      }
      return out;
    }
    case 'array': {
      const ids = idsFor(name, all);
      if (ids && s.items?.type === 'string') {
        slots.push({ path, values: ids.map((id) => [id]) });
        return [ids[0]];
      }
      return (s.minItems ?? 0) > 0 ? [build(s.items, name, [...path, 0], slots, all)] : [];
    }
    case 'string': {
      const ids = idsFor(name, all);
      if (ids) {
        slots.push({ path, values: ids });
        return ids[0];
      }
      if (s.format === 'date-time') return k.clock().toISOString();
      return 'A'.repeat(Math.max(1, s.minLength ?? 1));
    }
    case 'integer':
    case 'number': {
      if (name === 'size') return Math.min(100, s.maximum ?? 100);
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      if (s.maximum !== undefined && s.maximum - min <= 9)
        slots.push({ path, values: Array.from({ length: s.maximum - min + 1 }, (_, i) => min + i) });
      return min;
    }
    case 'boolean':
      return false;
    default:
      return null;
  }
}

const setAt = (obj: any, path: (string | number)[], value: unknown) => {
  let o = obj;
  for (const p of path.slice(0, -1)) o = o[p];
  o[path[path.length - 1]] = value;
};

/** The bodies to send: the base body, each slot value in turn, then a few combinations. */
function bodiesOf(schema: Schema | undefined, all: string[]): unknown[] {
  const slots: Slot[] = [];
  const base = schema ? build(schema, '', [], slots, all) : {};
  const bodies: unknown[] = [base];
  let combos: unknown[] = [structuredClone(base)];
  for (const slot of slots) {
    const next: unknown[] = [];
    for (const c of combos)
      for (const v of slot.values) {
        const b = structuredClone(c);
        if (slot.path.length) setAt(b, slot.path, v);
        next.push(b);
      }
    combos = next.slice(0, MAX_CALLS_PER_PATH);
  }
  bodies.push(...combos);
  return bodies.slice(0, MAX_CALLS_PER_PATH);
}

describe('the OpenAPI walker, as a learner sitting a paper', () => {
  it('finds no key of the paper in any answer, and every route showing questions declares it', async () => {
    const keys = keysOf(k);
    const bookRows = await k.t.db.select().from(elUserBook);
    const lockedRefs = new Set([
      ...k.lockedIds,
      ...bookRows.filter((b) => k.lockedIds.includes(b.quId)).map((b) => b.id),
    ]);
    const all = [
      ...new Set([
        ...k.lockedIds,
        k.outsideQuId,
        k.openPaperId,
        k.donePaperId,
        k.examId,
        k.repoId,
        ...k.trainIds,
        ...bookRows.map((b) => b.id),
      ]),
    ];
    const paths = Object.entries<Schema>(doc.paths)
      .filter(([, item]) => item.post)
      .map(([path, item]) => ({ path, op: item.post as Schema }))
      .sort((a, b) => Number(LAST.test(a.path)) - Number(LAST.test(b.path)));
    const leaks: string[] = [];
    const undeclared = new Set<string>();
    const served = new Set<string>();
    const downloads: string[] = [];
    let calls = 0;
    for (const { path, op } of paths) {
      if (NOT_WALKED[path]) continue;
      const content = op.requestBody?.content ?? {};
      if (content['multipart/form-data']) continue; // uploads answer file records, never questions
      for (const body of bodiesOf(content['application/json']?.schema, all)) {
        calls++;
        const res = await k.t.app.inject({
          method: 'POST',
          url: path,
          payload: body as object,
          headers: { token: k.learner },
        });
        if (!String(res.headers['content-type'] ?? '').includes('json')) {
          if (res.statusCode === 200) downloads.push(path);
          continue;
        }
        const answer = res.json();
        const asked = JSON.stringify(body)
          .match(/"[0-9a-f]{20}"/g)
          ?.some((id) => lockedRefs.has(id.slice(1, -1)));
        for (const leak of findLeaks(answer, keys, Boolean(asked)))
          leaks.push(`${path} ${JSON.stringify(body)}: ${leak}`);
        if (answer.code === 0 && holdsQuestionData(answer.data, keys)) {
          served.add(path);
          if (!op['x-question-data']) undeclared.add(path);
        }
      }
    }
    const declared = paths.filter((p) => p.op['x-question-data']).map((p) => p.path);
    if (process.env.WALK_REPORT)
      console.info(`walked ${paths.length} paths with ${calls} calls; question data from ${[...served].join(', ')}`);
    expect(calls).toBeGreaterThan(paths.length);
    expect(leaks).toEqual([]);
    expect([...undeclared], 'routes showing questions without questionData: true').toEqual([]);
    expect(downloads, 'learner downloads the walker cannot read').toEqual([]);
    // Every declared route was really exercised with question data, so the walk proves something.
    expect(declared.filter((p) => !served.has(p) && !NOT_WALKED[p] && !HIDDEN_WHILE_SITTING[p])).toEqual([]);
  }, 300_000);
});

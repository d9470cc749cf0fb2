/**
 * The record policies' walker: every endpoint of the contracts whose body names a record id (`id`,
 * `ids`, `examId`, `params.repoId`...) is called on the real app with ids of real records of the
 * seeded demo, as an administrator (a tag endpoint) or a learner (a signed-in one). When its
 * handler ran, the request's log (platform/policy/) must hold an ask of a policy: an endpoint
 * that answers about a record without asking fails here. A new endpoint is walked without editing
 * this file; one whose id is not a record under access control is listed below with its reason.
 */

import type { Endpoint } from '@exam/contracts';
import * as contracts from '@exam/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { type AskEvent, guardedEndpoints, observeAsks } from './policy/index.js';

/** Endpoints whose ids are not records under access control, each with its reason. */
const NOT_A_RECORD: Record<string, string> = {
  [contracts.sysConfigDetail.path]: 'public: the id names a site setting group, the same for everyone',
  [contracts.sysUserReg.path]:
    'public sign-up: deptId is the department chosen on the form, checked as open to sign-up',
  [contracts.sysDicDelete.path]: 'a dictionary is site vocabulary, not a record of anyone',
  [contracts.sysDicSave.path]: 'a dictionary is site vocabulary, not a record of anyone',
  [contracts.sysDicValueDelete.path]: 'a dictionary value is site vocabulary, not a record of anyone',
  [contracts.sysDicValueSave.path]: 'a dictionary value is site vocabulary, not a record of anyone',
  [contracts.realtimeTicket.path]: 'lastEventId is a stream position; the topics are asked by their rules',
};

/**
 * Endpoints the walker's bodies do not get past validation, which ask in their service before
 * anything else (the others it cannot reach must be guarded at the route).
 */
const ASKED_FIRST_IN_SERVICE: Record<string, string> = {
  [contracts.sysRoleSave.path]: 'saveRole asks the role policy (grantScope, then change) before it reads or writes',
  [contracts.sysUserSave.path]: "createUser asks the user policy's create (department, roles) first",
  [contracts.sysUserResetPass.path]: "resetPassword asks the user policy's reset-pass first",
};

/** Id-like fields of a body, with their dotted paths (`params.repoId`). */
function idFields(schema: unknown, prefix = ''): string[] {
  const s = schema as any;
  if (!s) return [];
  const d = s._def ?? s.def;
  if (s.shape) {
    const out: string[] = [];
    for (const [k, v] of Object.entries(s.shape)) {
      if (/^(id|ids)$|Ids?$/.test(k)) out.push(prefix + k);
      if (k === 'params') out.push(...idFields(v, 'params.'));
    }
    return out;
  }
  for (const inner of [d?.innerType, d?.schema, d?.in]) if (inner) return idFields(inner, prefix);
  if (d?.left) return [...idFields(d.left, prefix), ...idFields(d.right, prefix)];
  if (d?.options) return [...new Set(d.options.flatMap((o: unknown) => idFields(o, prefix)))] as string[];
  return [];
}

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'access' in v && 'kind' in v;
/** Walked last: they end or remove the records the other calls read. */
const LAST = /\/(delete|[a-z]+-delete|clear|remove|void|abandon|hand|restore|state|revoke)$/;
/** Walked at the very end: re-granting the first role's menus can take the walking administrator's tags. */
const VERY_LAST = /\/save-menus$/;
const order = (path: string) => (VERY_LAST.test(path) ? 2 : LAST.test(path) ? 1 : 0);
const WALKED = (Object.values(contracts) as unknown[])
  .filter(isEndpoint)
  .filter((ep) => ep.kind !== 'upload' && ep.access !== 'public' && 'body' in ep && idFields(ep.body).length > 0)
  .sort((a, b) => order(a.path) - order(b.path));

/** The table of a bare `id`/`ids`, by the endpoint's path. */
const ID_TABLES: [RegExp, string][] = [
  [/^\/api\/sys\/user\/msg\//, 'sys_user_msg'],
  [/^\/api\/sys\/user\//, 'sys_user'],
  [/^\/api\/sys\/role\//, 'sys_role'],
  [/^\/api\/sys\/depart\//, 'sys_depart'],
  [/^\/api\/sys\/menu\//, 'sys_menu'],
  [/^\/api\/notice\//, 'sys_notice'],
  [/^\/api\/course\/category\//, 'el_course_category'],
  [/^\/api\/course\/chapter\//, 'el_course_chapter'],
  [/^\/api\/course\/file\//, 'el_course_file'],
  [/^\/api\/course\/learn\/file-progress/, 'el_course_file'],
  [/^\/api\/course\//, 'el_course'],
  [/^\/api\/cert\/tmpl\//, 'el_cert_tmpl'],
  [/^\/api\/cert\//, 'el_cert'],
  [/^\/api\/live\/chat\//, 'el_live_chat'],
  [/^\/api\/live\//, 'el_live'],
  [/^\/api\/exam\/regrade\//, 'el_regrade_job'],
  [/^\/api\/exam\/exam\/override/, 'el_exam_override'],
  [/^\/api\/exam\//, 'el_exam'],
  [/^\/api\/paper\/tmpl\//, 'el_paper_tmpl'],
  [/^\/api\/repo\/repo\//, 'el_repo'],
  [/^\/api\/train\/repo\//, 'el_repo'],
  [/^\/api\/repo\/qu\//, 'el_qu'],
  [/^\/api\/book\//, 'el_user_book'],
];
const FIELD_TABLES: Record<string, string> = {
  examId: 'el_exam',
  paperId: 'el_paper',
  quId: 'el_qu',
  quIds: 'el_qu',
  repoId: 'el_repo',
  fromRepoId: 'el_repo',
  toRepoId: 'el_repo',
  repoIds: 'el_repo',
  courseId: 'el_course',
  examIds: 'el_exam',
  categoryId: 'el_course_category',
  chapterId: 'el_course_chapter',
  liveId: 'el_live',
  userId: 'sys_user',
  userIds: 'sys_user',
  lecturerId: 'sys_user',
  deptId: 'sys_depart',
  deptIds: 'sys_depart',
  roleId: 'sys_role',
  roleIds: 'sys_role',
  menuIds: 'sys_menu',
  trainId: 'el_train',
  fileId: 'sys_file',
  fileIds: 'sys_file',
  bgFileId: 'sys_file',
  sealFileId: 'sys_file',
  jobId: 'el_regrade_job',
};

let t: TestApp;
let admin: string;
let learner: string;
let doc: { components?: { schemas?: Record<string, unknown> }; paths: Record<string, any> };
const firstIds = new Map<string, string>();

async function firstId(table: string): Promise<string> {
  const known = firstIds.get(table);
  if (known) return known;
  const res = await t.db.execute(sql.raw(`select id::text as id from ${table} order by 1 limit 1`));
  const id = (res.rows as { id: string }[])[0]?.id ?? 'no-such-record';
  firstIds.set(table, id);
  return id;
}

async function idFor(path: string, field: string): Promise<string> {
  const name = field.split('.').pop() as string;
  if (name === 'id' || name === 'ids') {
    const table = ID_TABLES.find(([re]) => re.test(path))?.[1];
    return table ? firstId(table) : 'no-such-record';
  }
  if (name === 'tmplId') return firstId(path.startsWith('/api/cert/') ? 'el_cert_tmpl' : 'el_paper_tmpl');
  if (name === 'parentId') return firstId(path.startsWith('/api/sys/menu/') ? 'sys_menu' : 'sys_depart');
  const table = FIELD_TABLES[name];
  return table ? firstId(table) : 'no-such-record';
}

/** A body from the OpenAPI request schema: required fields filled, every id-like field a real id. */
async function build(path: string, s: any, name: string): Promise<unknown> {
  if (!s) return null;
  if (s.$ref) return build(path, doc.components?.schemas?.[s.$ref.split('/').pop()], name);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return build(path, variants.find((v: { type?: string }) => v.type !== 'null') ?? variants[0], name);
  if (s.allOf) return build(path, Object.assign({}, ...s.allOf), name);
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type;
  const idLike = /^(id|ids)$|Ids?$/.test(name);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(s.required ?? []);
      for (const [prop, ps] of Object.entries<any>(s.properties ?? {}))
        if (required.has(prop) || /^(id|ids)$|Ids?$/.test(prop) || prop === 'params')
          out[prop] = await build(path, ps, prop);
      return out;
    }
    case 'array':
      if (idLike) return [await idFor(path, name)];
      return (s.minItems ?? 0) > 0 ? [await build(path, s.items, name)] : [];
    case 'string':
      if (idLike) return idFor(path, name);
      if (s.format === 'date-time') return new Date().toISOString();
      return 'A'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      if (name === 'size') return 10;
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  learner = await t.login('student', 'student123');
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}, 120_000);
afterAll(() => t.close());

describe('record policies', () => {
  it('are asked by every endpoint that names a record id', async () => {
    const events: AskEvent[] = [];
    const stop = observeAsks((e) => events.push(e));
    const silent: string[] = [];
    const unreached: string[] = [];
    const walked = WALKED.filter((ep) => !NOT_A_RECORD[ep.path]);
    try {
      for (const ep of walked) {
        const schema = doc.paths[ep.path]?.post?.requestBody?.content?.['application/json']?.schema;
        const body = await build(ep.path, schema, '');
        events.length = 0;
        const res = await t.app.inject({
          method: 'POST',
          url: ep.path,
          payload: body as object,
          headers: { token: ep.access === 'user' ? learner : admin },
        });
        const answer = res.headers['content-type']?.toString().includes('json') ? res.body.slice(0, 120) : 'a file';
        const mine = events.filter((e) => e.url === ep.path);
        const guarded = guardedEndpoints().has(ep.path) || ASKED_FIRST_IN_SERVICE[ep.path];
        if (!mine.some((e) => e.ask === null)) {
          if (!guarded) unreached.push(`${ep.path} ${answer}`);
        } else if (!mine.some((e) => e.ask !== null)) silent.push(`${ep.path} ${answer}`);
      }
    } finally {
      stop();
    }
    expect(walked.length).toBeGreaterThan(150);
    expect(silent, 'answered without asking a policy').toEqual([]);
    expect(unreached, 'refused before the handler and not guarded at the route').toEqual([]);
  }, 300_000);
});

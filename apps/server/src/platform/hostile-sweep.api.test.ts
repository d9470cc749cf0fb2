/**
 * A sweep over the served OpenAPI document. Every POST endpoint, with and without a
 * learner token, receives empty bodies, wrong types, 1 MB strings, NUL bytes, deep nesting,
 * `__proto__` keys, malformed JSON and unknown fields. Every answer is the envelope; business and
 * validation refusals answer HTTP 200 with a non-zero code, transport refusals (malformed JSON,
 * too large) keep a 4xx; never a 500; the server keeps serving afterwards.
 */
import * as contracts from '@exam/contracts';
import { ErrorCode, repoRepoSave, sysConfigDetail, sysUserInfo, type UploadEndpoint } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deepMoodleXml, deepQtiXml, MALFORMED_MULTIPART_BODIES, multipartBody } from '../test/multipart.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

let t: TestApp;
let student: string;
let admin: string;
let repoId: string;
let paths: [string, JsonSchema | null][] = [];
let documented = new Set<string>();
beforeAll(async () => {
  t = await createTestApp();
  student = await t.login('student', 'student123');
  admin = await t.login('admin', 'admin123');
  repoId = (await t.call(repoRepoSave.path, { title: '扫描' }, admin)).data.id;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  paths = Object.entries(doc.paths as Record<string, { post?: Operation }>)
    .filter(([, item]) => item.post)
    .map(([path, item]) => [path, item.post?.requestBody?.content?.['application/json']?.schema ?? null]);
  documented = new Set(Object.keys(doc.paths));
  // Signing out ends the learner's token: sweep it last.
  paths.sort(([a], [b]) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
});
afterAll(async () => t.close());

const MB = 'a'.repeat(1024 * 1024);
const deep = (levels: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

function typeOf(schema: JsonSchema): string {
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  return t ?? schema.anyOf?.map(typeOf).find((x) => x && x !== 'null') ?? 'string';
}
function wrongValue(schema: JsonSchema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return { not: 'a string' };
    case 'array':
      return 'not an array';
    case 'object':
      return 12345;
    default:
      return { not: 'a number' };
  }
}
const mapProps = (schema: JsonSchema | null, f: (s: JsonSchema) => unknown) =>
  Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([k, s]) => [k, f(s)]));

interface Case {
  name: string;
  payload: string;
  /** Code 0 is a fair answer (the body asks for nothing harmful). */
  mayPass: boolean;
}

function casesFor(schema: JsonSchema | null): Case[] {
  const json = (name: string, body: unknown, mayPass = false): Case => ({
    name,
    payload: JSON.stringify(body),
    mayPass,
  });
  const hasProps = Object.keys(schema?.properties ?? {}).length > 0;
  const cases: Case[] = [
    { name: 'no body', payload: '', mayPass: false },
    json('empty object', {}, true),
    json('unknown fields', { zzUnknown: 1, zzOther: { a: [1] } }, true),
    { name: 'malformed JSON', payload: '{"a":', mayPass: false },
    { name: '__proto__ key', payload: '{"__proto__":{"roleType":2},"a":1}', mayPass: false },
    { name: 'constructor.prototype', payload: '{"constructor":{"prototype":{"x":1}}}', mayPass: false },
    json('1 MB string', { zz: MB }),
    json('array body', [1, 2, 3], !hasProps),
    json('string body', 'hello', !hasProps),
  ];
  if (hasProps) {
    cases.push(
      json('wrong types', mapProps(schema, wrongValue)),
      json(
        '1 MB strings',
        mapProps(schema, () => MB),
      ),
      json(
        'NUL bytes',
        mapProps(schema, (s) => (typeOf(s) === 'array' ? ['a\u0000b'] : 'a\u0000b')),
      ),
      json(
        'deep nesting',
        mapProps(schema, () => deep(2000)),
      ),
      json(
        'null everywhere',
        mapProps(schema, () => null),
        true,
      ),
    );
  }
  return cases;
}

/** Every endpoint object of the contracts (JSON calls, downloads, uploads). */
const endpoints = Object.values(contracts).filter(
  (v): v is { kind: string; path: string } =>
    Boolean(v) && typeof v === 'object' && 'kind' in v && 'path' in v && typeof v.path === 'string',
);
const uploads = endpoints.filter((e): e is UploadEndpoint<never> => e.kind === 'upload');

/** Multipart bodies: the malformed ones, a JSON body, and well-formed ones carrying hostile files. */
function multipartCases(): { name: string; contentType: string; payload: Buffer; malformed: boolean }[] {
  const fields = { repoId, preview: 'true', purpose: 'import' };
  const file = (name: string, body: string) => {
    const { payload, contentType } = multipartBody(fields, { name, body });
    return { name: `file ${name}`, contentType, payload, malformed: false };
  };
  return [
    ...MALFORMED_MULTIPART_BODIES.map(([name, contentType, payload]) => ({
      name,
      contentType,
      payload,
      malformed: true,
    })),
    { name: 'JSON body', contentType: 'application/json', payload: Buffer.from('{}'), malformed: true },
    file('deep.xml', deepMoodleXml(99)),
    file('deep-qti.xml', deepQtiXml(150)),
    file('empty.xlsx', ''),
    file('nul.gift', '::\u0000:: a {=b ~c}'),
  ];
}

/** The media server's callbacks answer by status (nginx reads nothing else): 403 without the hook secret. */
const mediaServerOnly = (path: string) => (path.startsWith('/api/live/hook/') ? [403] : []);

describe('hostile input sweep over the OpenAPI document', () => {
  it('documents every endpoint of the contracts, so the sweeps below reach each', () => {
    expect(endpoints.length).toBeGreaterThan(100);
    expect(endpoints.filter((e) => !documented.has(e.path)).map((e) => e.path)).toEqual([]);
  });

  it('answers malformed multipart and hostile files on every upload with the envelope, never a 500', async () => {
    expect(uploads.length).toBeGreaterThanOrEqual(4);
    const failures: string[] = [];
    for (const ep of uploads) {
      for (const c of multipartCases()) {
        for (const [who, token] of [
          ['anonymous', null],
          ['learner', student],
          ['administrator', admin],
        ] as const) {
          const res = await t.app.inject({
            method: 'POST',
            url: ep.path,
            payload: c.payload,
            headers: { 'content-type': c.contentType, ...(token ? { token } : {}) },
          });
          const where = `${ep.path} [${c.name}, ${who}]`;
          let body: { code?: unknown; msg?: unknown } = {};
          try {
            body = res.json();
          } catch {
            failures.push(`${where}: not JSON (${res.statusCode})`);
            continue;
          }
          if (res.statusCode >= 500 || typeof body.code !== 'number' || typeof body.msg !== 'string')
            failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          else if (c.malformed && body.code === 0) failures.push(`${where}: accepted`);
        }
      }
    }
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
  }, 120_000);

  it('answers every hostile body with a refusal in the envelope, never a 500', async () => {
    expect(paths.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let calls = 0;
    for (const [path, schema] of paths) {
      for (const c of casesFor(schema)) {
        for (const token of [null, student]) {
          calls++;
          const res = await t.app.inject({
            method: 'POST',
            url: path,
            payload: c.payload,
            headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
          });
          const who = token ? 'learner' : 'anonymous';
          let body: { code?: unknown; msg?: unknown } = {};
          try {
            body = res.json();
          } catch {
            failures.push(`${path} [${c.name}, ${who}]: not JSON (${res.statusCode})`);
            continue;
          }
          const envelope = typeof body.code === 'number' && typeof body.msg === 'string' && 'data' in body;
          if (res.statusCode >= 500 || !envelope) {
            failures.push(`${path} [${c.name}, ${who}]: ${res.statusCode} ${res.body.slice(0, 160)}`);
          } else if (res.statusCode === 200 && body.code === 0 && !c.mayPass) {
            failures.push(`${path} [${c.name}, ${who}]: accepted`);
          } else if (res.statusCode !== 200 && ![400, 413, 415, ...mediaServerOnly(path)].includes(res.statusCode)) {
            failures.push(`${path} [${c.name}, ${who}]: HTTP ${res.statusCode}`);
          } else if (res.statusCode !== 200 && body.code === 0) {
            failures.push(`${path} [${c.name}, ${who}]: HTTP ${res.statusCode} with code 0`);
          }
        }
      }
    }
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
    expect(calls).toBeGreaterThan(1000);
    // Still serving: a cheap public call and a signed-in one.
    expect((await t.call(sysConfigDetail.path, {})).code).toBe(ErrorCode.SUCCESS);
    const again = await t.login('student', 'student123');
    expect((await t.call(sysUserInfo.path, {}, again)).code).toBe(ErrorCode.SUCCESS);
  }, 120_000);
});

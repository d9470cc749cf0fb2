/**
 * The endpoint objects of @exam/contracts are what the app serves: each is registered once as a POST
 * with its access, audit flag and schemas; tags are the catalogue's, and the catalogue's are tags.
 */
import * as contracts from '@exam/contracts';
import { type Endpoint, PERMISSIONS } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../modules/system/menu/catalogue.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { AUDITED_URLS, READ_ONLY_ACTION } from './route.js';

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'access' in v && 'operation' in v && 'kind' in v;
const ENDPOINTS: Endpoint[] = (Object.values(contracts) as unknown[]).filter(isEndpoint);

describe('endpoint objects', () => {
  let t: TestApp;
  let doc: { paths: Record<string, { post?: { security?: unknown; requestBody?: unknown } }> };
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  it('are many and have distinct paths', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(100);
    expect(new Set(ENDPOINTS.map((e) => e.path)).size).toBe(ENDPOINTS.length);
  });

  it('are each served as a POST, signed-in ones with a token, audited exactly when an operation', () => {
    for (const ep of ENDPOINTS) {
      const op = doc.paths[ep.path]?.post;
      expect(op, ep.path).toBeDefined();
      expect(Boolean(op?.security), ep.path).toBe(ep.access !== 'public');
      expect(AUDITED_URLS.has(ep.path), ep.path).toBe(ep.operation);
      if (ep.kind !== 'upload' && 'body' in ep && ep.body) expect(op?.requestBody, ep.path).toBeDefined();
    }
  });

  it('declare an operation exactly for administrator calls that are not reads (the read-word rule)', () => {
    for (const ep of ENDPOINTS) {
      const write = typeof ep.access === 'object' && !READ_ONLY_ACTION.test(ep.path);
      expect(ep.operation, ep.path).toBe(write);
    }
  });

  it('refuse a learner on every permission endpoint (10010004) and anyone without a token (10010002)', async () => {
    const learner = await t.login('student', 'student123');
    for (const ep of ENDPOINTS.filter((e) => typeof e.access === 'object')) {
      expect((await t.call(ep.path, {}, learner)).code, ep.path).toBe(10010004);
    }
    for (const ep of ENDPOINTS.filter((e) => e.access !== 'public')) {
      expect((await t.call(ep.path, {})).code, ep.path).toBe(10010002);
    }
  });

  it('use the tags of the menu catalogue, and every catalogue tag is a PermissionTag', () => {
    const catalogueTags = new Set(CATALOGUE.flatMap((e) => (e.permission ? [e.permission] : [])));
    expect([...catalogueTags].sort()).toEqual([...PERMISSIONS].sort());
    for (const ep of ENDPOINTS)
      if (typeof ep.access === 'object') expect(catalogueTags).toContain(ep.access.permission);
  });
});

/**
 * A candidate's session is confined to its exam: every route of the app (each contracts endpoint
 * and every route the OpenAPI document lists, GETs included) is called with a live candidate
 * session and without any token; apart from the candidate's own calls and the sitting's calls on
 * its paper, each answers the candidate exactly as it answers nobody (10010002 where a session is
 * needed), so no menu, user, other exam, course, bank, file or stream answers it.
 */
import * as contracts from '@exam/contracts';
import { candidateLinkSave, candidateOpenRegister, candidateSelfMe, type Endpoint, ErrorCode } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_CALLS } from '../../platform/candidate-session.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';

const clock = testClock();
let t: TestApp;
let session: string;
let learner: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await t.login('admin', 'admin123');
  learner = await t.login('student', 'student123');
  const bank = await seedBank(t.db);
  const tmplId = await saveFixedTmpl(t, admin, [bank.single], 50);
  const examId = await saveExam(t, admin, tmplId, clock.ms(), { title: '公开考试' });
  const saved = await t.request(
    candidateLinkSave,
    {
      examId,
      enabled: true,
      fields: { name: 2, mobile: 2, idNumber: 0, company: 0, custom: [] },
      smsVerify: false,
      limits: { onePer: 'mobile', cap: 0, invited: [] },
    },
    admin,
  );
  const reg = await t.request(candidateOpenRegister, {
    token: saved.data?.token as string,
    name: '考生甲',
    mobile: '13912345678',
    consent: true,
  });
  session = reg.data?.token as string;
});
afterAll(async () => t.close());

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'access' in v && 'kind' in v;

/** Every route: the contracts' endpoints and the OpenAPI document's paths (GETs with a made-up id). */
function everyRoute(): { method: 'GET' | 'POST'; url: string }[] {
  const routes = new Map<string, { method: 'GET' | 'POST'; url: string }>();
  for (const ep of (Object.values(contracts) as unknown[]).filter(isEndpoint))
    routes.set(`POST ${ep.path}`, { method: 'POST', url: ep.path });
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  for (const [path, methods] of Object.entries(doc.paths)) {
    const url = path.replace(/\{[^}]+\}/g, '01a2b3c4d5e6f7a8b9c0');
    for (const method of Object.keys(methods)) {
      const m = method.toUpperCase();
      if (m === 'GET' || m === 'POST') routes.set(`${m} ${url}`, { method: m, url });
    }
  }
  return [...routes.values()];
}

async function answer(route: { method: 'GET' | 'POST'; url: string }, token: string | null) {
  const res = await t.app.inject({
    method: route.method,
    url: route.url,
    ...(route.method === 'POST' ? { payload: {} } : {}),
    headers: token ? { token, cookie: `token=${token}` } : {},
  });
  let code: number | null = null;
  try {
    code = (res.json() as { code?: number }).code ?? null;
  } catch {
    code = null;
  }
  return { status: res.statusCode, code };
}

describe("a candidate's session", () => {
  it('is live on its own calls', async () => {
    expect((await t.request(candidateSelfMe, {}, session)).code).toBe(0);
  });

  it('is answered as nobody by every other route', async () => {
    const routes = everyRoute().filter((r) => !(r.method === 'POST' && CANDIDATE_CALLS.has(r.url)));
    expect(routes.length).toBeGreaterThan(250);
    const differs: string[] = [];
    let signedInOnly = 0;
    for (const route of routes) {
      const asCandidate = await answer(route, session);
      const asNobody = await answer(route, null);
      if (asCandidate.status !== asNobody.status || asCandidate.code !== asNobody.code)
        differs.push(
          `${route.method} ${route.url}: candidate ${asCandidate.status}/${asCandidate.code}, nobody ${asNobody.status}/${asNobody.code}`,
        );
      if (asNobody.code === ErrorCode.NOT_LOGIN) signedInOnly++;
    }
    expect(differs).toEqual([]);
    // The walk reached the calls a session opens: menus, users, exams, courses, banks...
    expect(signedInOnly).toBeGreaterThan(200);
  });

  it('is refused the pages a learner reaches', async () => {
    const calls: [string, object][] = [
      [contracts.examExamOnlinePaging.path, { current: 1, size: 10 }],
      [contracts.courseLearnMyPaging.path, { current: 1, size: 10 }],
      [contracts.sysUserInfo.path, {}],
      [contracts.sysMenuRoutes.path, {}],
    ];
    for (const [path, body] of calls) {
      expect((await t.call(path, body, learner)).code).toBe(0);
      expect((await t.call(path, body, session)).code).toBe(ErrorCode.NOT_LOGIN);
    }
  });
});

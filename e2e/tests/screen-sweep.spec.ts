/**
 * One screen sweep: every route of the learner route table (web-routes.ts and the
 * open pages of AppRoutes.tsx) and every menu of the administrator's menu catalogue, on the
 * complete demo data the product starts with, as a learner at 360, 390 (phones: touch, mobile
 * viewport) and 1280 px and as the administrator at 1280 px (antd's breakpoints put 1280 and 1440 in
 * the same band, xl, so a wider desktop lays out as 1280 does; the other admin specs run at 1440).
 * Each page is loaded once
 * per width, its main dialog or drawer opened where it has one, and fails on the faults of
 * fixtures/sweep.ts and, at one width per role, on the accessibility faults of fixtures/a11y.ts. Screenshots and the contact sheet: test-results/e2e/screen-sweep/ (the run's output folder).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, devices, type Page } from '@playwright/test';
import { a11yFaults } from '../fixtures/a11y';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { createLearner, deptNamed, startPaper } from '../fixtures/exam-setup';
import { DEPT_CODE, layoutFaults, spinnerFault, textFaults, watchErrors, writeContactSheet } from '../fixtures/sweep';
import { expect, test } from '../fixtures/test';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where the screenshots go: screen-sweep/ in the run's output folder (test-results/e2e, or --output). */
const shots = () => path.join(test.info().project.outputDir, 'screen-sweep');
const LEARNER = { userName: 'zhaoliu', password: 'student123' }; // a demo learner with a finished exam
const ALL_KINDS_EXAM = '全题型体验考试';
const RESULTS_EXAM = '技术部基础测验';

type Role = 'learner' | 'admin' | 'guest';
interface Route {
  path: string;
  role: Role;
  /** The page's main dialog or drawer: the button that opens it. */
  opens?: RegExp;
  /** Codes that are this page's data (the department page's 部门编码 column). */
  data?: RegExp[];
}

/** Learner pages: the route table of web-routes.ts, the full-screen pages, the open pages. */
const LEARNER_ROUTES: Route[] = [
  { path: '/web/index', role: 'learner' },
  { path: '/web/exam/check/:id', role: 'learner' },
  { path: '/web/exam/result/:id', role: 'learner' },
  { path: '/web/qu/view/:id', role: 'learner' },
  { path: '/web/uc', role: 'learner' },
  { path: '/web/notice', role: 'learner' },
  { path: '/web/notice/detail/:id', role: 'learner' },
  { path: '/web/paper', role: 'learner' },
  { path: '/web/paper/list/:examId/:userId', role: 'learner' },
  { path: '/web/book', role: 'learner' },
  { path: '/web/book/list/:examId', role: 'learner' },
  { path: '/web/repo', role: 'learner' },
  { path: '/web/repo/view/:repoId', role: 'learner' },
  { path: '/web/repo/training/:repoId/:mode', role: 'learner' },
  { path: '/web/repo/repo/:trainId', role: 'learner' },
  { path: '/web/course', role: 'learner' },
  { path: '/web/course/view/:courseId', role: 'learner' },
  { path: '/web/course/view/:courseId/:fileId', role: 'learner' },
  { path: '/web/exam/start/:id', role: 'learner', opens: /交\s*卷/ },
  { path: '/web/exam/debug', role: 'learner' },
  { path: '/web/live', role: 'learner' },
  { path: '/web/live/:id', role: 'learner' },
  { path: '/login', role: 'guest' },
  { path: '/register', role: 'guest' },
  { path: '/forgot', role: 'guest' },
  { path: '/help', role: 'guest' },
  { path: '/cert/verify', role: 'guest' },
  { path: '/404', role: 'guest' },
];

/** The demo exam open to candidates by its link (candidate.demo-seed.ts). */
const CANDIDATE_EXAM = '2026 春季校园招聘笔试';

/** Admin pages: every page of the menu catalogue (checked against the server's menus below). */
const ADMIN_PAGES = [
  '/admin/dashboard',
  '/admin/repo/repo',
  '/admin/repo/qu',
  '/admin/repo/detail/:id',
  '/admin/repo/qu-edit/:id',
  '/admin/repo/knowledge',
  '/admin/exam/tmpl',
  '/admin/exam/exam',
  '/admin/exam/proctor-review',
  '/admin/exam/mark',
  '/admin/exam/result',
  '/admin/exam/mark-qu',
  '/admin/exam/regrade',
  '/admin/exam/report',
  '/admin/exam/tmpl/edit/:id?',
  '/admin/exam/exam/edit/:id?',
  '/admin/exam/mark/detail/:paperId',
  '/admin/exam/result/detail/:examId',
  '/admin/exam/result/paper/:paperId',
  '/admin/exam/exam/invigilate/:examId',
  '/admin/exam/exam/candidates/:examId',
  '/admin/train/stat',
  '/admin/train/mastery',
  '/admin/cert/tmpl',
  '/admin/cert/cert',
  '/admin/course/index',
  '/admin/notice/index',
  '/admin/sys/user',
  '/admin/sys/depart',
  '/admin/sys/role',
  '/admin/sys/menu',
  '/admin/sys/dic',
  '/admin/sys/msg',
  '/admin/sys/config',
  '/admin/sys/log',
  '/admin/sys/assistant',
  '/admin/live/index',
  '/profile/index',
];
/** The list pages' main dialog or drawer: their add button. */
const ADD = /新增|添加|新建|创建/;
const ADMIN_ROUTES: Route[] = ADMIN_PAGES.map((p) => ({
  path: p,
  role: 'admin',
  opens: ADD,
  data: p === '/admin/sys/depart' ? [DEPT_CODE] : [],
}));

/**
 * The widths of each role, in groups: a group's first width loads the page, the others resize the
 * same page (the layout is responsive, never read once at load), which checks five widths for the
 * price of three page loads. Phones (touch, mobile viewport) and desktops are separate groups; the
 * first width of each role's first group also gets the accessibility check: the markup is the same
 * at the others.
 */
const WIDTH_GROUPS: Record<Role, number[][]> = {
  learner: [[390, 360], [1280]],
  guest: [[390], [1280]],
  admin: [[1280]],
};
const A11Y_WIDTH: Record<Role, number> = { learner: 390, guest: 390, admin: 1280 };

/** The demo data's ids the parametrised routes are filled with (resolved once per worker). */
let ids: Record<string, string> = {};
let tokens: Record<Role, string | null>;

test.describe.configure({ mode: 'parallel', timeout: 90_000 });

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const admin = await apiLogin(request, ACCOUNTS.admin);
  const learner = await apiLogin(request, LEARNER);
  const page = { current: 1, size: 50, params: {} };
  type Rows = { records: Record<string, any>[] };
  const titled = (rows: Rows, title: string) => rows.records.find((r) => r.title === title)?.id as string;
  const exams = await api<Rows>(request, '/api/exam/exam/paging', page, admin);
  const repos = await api<Rows>(request, '/api/repo/repo/paging', page, admin);
  // the demo results reach the learner's records through events the server delivers after start:
  // on a server just up (this spec first in its worker) they may still be on their way
  let mine: Rows = { records: [] };
  await expect
    .poll(
      async () => {
        mine = await api<Rows>(request, '/api/paper/paper/my-paging', page, learner);
        return mine.records.find((r) => r.title === RESULTS_EXAM)?.lastPaperId;
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();
  const me = await api<{ id: string }>(request, '/api/sys/user/info', {}, learner);
  const course = (await api<Rows>(request, '/api/course/learn/my-paging', page, learner)).records[0];
  const detail = await api<{ chapters: { files: { id: string }[] }[] }>(
    request,
    '/api/course/learn/detail',
    { id: course.id },
    learner,
  );
  // a bank the learner may practise (other specs on this server add banks that are not open to practice)
  const practisable = await api<{ id: string; quCount: number }[]>(request, '/api/train/repo/list', {}, learner);
  const repoId = (practisable.find((r) => r.quCount > 0) ?? practisable[0] ?? repos.records[0]).id;
  const train = await api<{ trainId: string }>(request, '/api/train/start', { repoId, mode: 1 }, learner);
  const paperId = mine.records.find((r) => r.title === RESULTS_EXAM)?.lastPaperId;
  // the exam room: a fresh learner's paper of the exam with every kind (the demo learners' stay closed)
  const fresh = await createLearner(request, admin, {
    userName: `sweep${test.info().parallelIndex}${Date.now() % 1_000_000}`,
    realName: '巡检学员',
    deptId: (await deptNamed(request, '技术部')).id,
  });
  const allKinds = titled(exams, ALL_KINDS_EXAM);
  type LiveList = Record<'live' | 'upcoming' | 'ended', { id: string }[]>;
  const lives = await api<LiveList>(request, '/api/live/learn/list', {}, learner);
  ids = {
    '/web/exam/check/:id': allKinds,
    '/web/exam/result/:id': paperId,
    '/web/qu/view/:id': (await api<Rows>(request, '/api/repo/qu/paging', page, admin)).records[0].id,
    '/web/notice/detail/:id': (await api<Rows>(request, '/api/notice/my-paging', page, learner)).records[0].id,
    ':examId': titled(exams, RESULTS_EXAM),
    ':userId': me.id,
    ':repoId': repoId,
    ':mode': '1',
    ':trainId': train.trainId,
    ':courseId': course.id,
    ':fileId': detail.chapters[0].files[0].id,
    '/web/live/:id': [...lives.live, ...lives.upcoming, ...lives.ended][0]?.id,
    '/web/exam/start/:id': await startPaper(request, fresh.token, allKinds),
    '/admin/repo/detail/:id': repoId,
    '/admin/repo/qu-edit/:id': (await api<Rows>(request, '/api/repo/qu/paging', page, admin)).records[0].id,
    '/admin/exam/tmpl/edit/:id?': exams.records.find((e) => e.title === ALL_KINDS_EXAM)?.tmplId,
    '/admin/exam/exam/edit/:id?': allKinds,
    ':paperId': paperId,
    '/admin/exam/exam/invigilate/:examId': allKinds,
    '/admin/exam/exam/candidates/:examId': titled(exams, CANDIDATE_EXAM),
  };
  tokens = { learner, admin, guest: null };
  // the exam room's learner signs in as themself
  ids.roomToken = fresh.token;
  await request.dispose();
});

/** The address of a route on the demo data: its parameters filled (per route, then per name). */
function address(route: string): string {
  if (ids[route]) return route.replace(/\/:\w+\??$/, `/${ids[route]}`);
  return route.replace(/:(\w+)\??/g, (name) => {
    const value = ids[name.replace('?', '')];
    if (!value) throw new Error(`no demo value for ${name} of ${route}`);
    return value;
  });
}

/**
 * One context per role, width and account in a worker, kept for its tests: the pages of one
 * screen share the HTTP cache, as a person's visits do (each test still loads its page afresh).
 */
const contexts = new Map<string, Promise<BrowserContext>>();
function contextFor(browser: Browser, baseURL: string, role: Role, width: number, route: string) {
  const room = route.startsWith('/web/exam/start/');
  const key = `${role} ${width} ${room}`;
  if (!contexts.has(key))
    contexts.set(
      key,
      (async () => {
        const phone = width < 768;
        const { defaultBrowserType: _, ...iphone } = devices['iPhone 14'];
        const context = await browser.newContext({
          ...(phone ? iphone : {}),
          deviceScaleFactor: 1, // the phone's 3× screenshots cost time; the layout is the same
          viewport: { width, height: phone ? 800 : 900 },
          baseURL,
          locale: 'zh-CN',
          timezoneId: 'Asia/Shanghai',
        });
        const token = room ? ids.roomToken : tokens[role];
        if (token) await signInBrowser(context, baseURL, token);
        // the exam room with every question on one page (its 'all' mode): the matching ones too
        if (room) await context.addInitScript(() => localStorage.setItem('exam-room-mode', 'all'));
        return context;
      })(),
    );
  return contexts.get(key)!;
}

/** Every check of fixtures/sweep.ts on the page as it is now. */
async function faultsOf(page: Page, width: number, data: RegExp[] = []): Promise<string[]> {
  const { faults, text } = await layoutFaults(page, width);
  return [...faults, ...textFaults(text, data)];
}

/** Steps through the room's questions (下一题) and checks each; a matching question is photographed. */
async function everyQuestion(page: Page, width: number, name: string): Promise<string[]> {
  const faults: string[] = [];
  const next = page.getByTestId('next-question');
  for (let n = 2; (await next.isVisible()) && (await next.isEnabled()) && n <= 20; n++) {
    await next.click();
    await expect(page.getByText(new RegExp(`第 ${n} / \\d+ 题`))).toBeVisible();
    faults.push(...(await faultsOf(page, width)).map((f) => `question ${n}: ${f}`));
    if (await page.locator('.qa-matching').count()) await page.screenshot({ path: `${shots()}/${name}-q${n}.png` });
  }
  return faults;
}

const shotName = (role: Role, width: number, route: string, suffix = '') =>
  `${role}-${width}${route.replace(/[/:?]+/g, '_')}${suffix}`;

/** Sets the page to a width of its group (the phone's height stays the phone's). */
async function resizeTo(page: Page, width: number): Promise<void> {
  const { height } = page.viewportSize() ?? { height: 900 };
  await page.setViewportSize({ width, height });
  // antd's responsive parts follow the resize event: let them render before measuring
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Checks the page at every width of the group, with a screenshot each; the first width is the loaded one. */
async function atWidths(page: Page, widths: number[], route: Route, suffix = ''): Promise<string[]> {
  const faults: string[] = [];
  for (const [i, width] of widths.entries()) {
    if (i > 0) await resizeTo(page, width);
    const prefix = `${suffix ? `${suffix}: ` : ''}${widths.length > 1 ? `${width} px: ` : ''}`;
    faults.push(...(await faultsOf(page, width, route.data)).map((f) => `${prefix}${f}`));
    await page.screenshot({
      path: `${shots()}/${shotName(route.role, width, route.path, suffix ? `-${suffix}` : '')}.png`,
    });
    if (width === A11Y_WIDTH[route.role])
      faults.push(
        ...(await a11yFaults(page, suffix ? LAYER : undefined)).map((f) => `${suffix ? `${suffix}: ` : ''}${f}`),
      );
  }
  if (widths.length > 1) await resizeTo(page, widths[0]);
  return faults;
}

const ROOM = '/web/exam/start/:id';
/** A page's main dialog or drawer, once open. */
const LAYER = '.ant-modal-wrap, .ant-drawer-content-wrapper';

for (const route of [...LEARNER_ROUTES, ...ADMIN_ROUTES]) {
  // the exam room on a phone steps through every question, so each phone width loads its own room
  const groups = WIDTH_GROUPS[route.role].flatMap((g) => (route.path === ROOM && g[0] < 768 ? g.map((w) => [w]) : [g]));
  for (const widths of groups) {
    test(`${route.role} ${widths.join('+')} px ${route.path}`, async ({ browser, baseURL }) => {
      const context = await contextFor(browser, baseURL!, route.role, widths[0], route.path);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(address(route.path));
      await page.waitForLoadState('load');
      await expect(page.locator('#root > *').first()).toBeVisible();
      const faults = await spinnerFault(page);
      faults.push(...(await atWidths(page, widths, route)));
      // the exam room on a phone shows one question at a time: every one of them is checked
      if (route.path === ROOM && widths[0] < 768)
        faults.push(...(await everyQuestion(page, widths[0], shotName(route.role, widths[0], route.path))));
      // the page's main dialog or drawer, where it has one
      const opener = route.opens ? page.getByRole('button', { name: route.opens }).filter({ visible: true }) : null;
      if (opener && (await opener.count())) {
        await opener.first().click();
        const layer = page.locator(LAYER).filter({ visible: true }).last();
        if (
          await layer.waitFor({ state: 'visible', timeout: 5_000 }).then(
            () => true,
            () => false,
          )
        ) {
          await expect(layer.locator('[class*="-appear"], [class*="-enter"]')).toHaveCount(0);
          faults.push(...(await atWidths(page, widths, route, 'dialog')));
        }
      }
      faults.push(...errors);
      const name = shotName(route.role, widths[0], route.path);
      if (faults.length) fs.writeFileSync(`${shots()}/${name}.png.fault`, faults.join('\n'));
      await page.close();
      expect(faults, `${route.path} at ${widths.join(' and ')} px`).toEqual([]);
    });
  }
}

test('the sweep covers every menu of the catalogue and every learner route', async ({ request }) => {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  type Menu = { path: string; component: string; children?: Menu[] };
  const menus = await api<Menu[]>(request, '/api/sys/menu/routes', {}, admin);
  const pages: string[] = [];
  const visit = (m: Menu, base: string) => {
    const full = m.path.startsWith('/') ? m.path : `${base.replace(/\/$/, '')}/${m.path}`;
    if (m.component && m.component !== 'Layout' && m.component !== 'WebLayout') pages.push(full);
    for (const c of m.children ?? []) visit(c, full);
  };
  for (const m of menus) visit(m, '');
  expect(
    pages.filter((p) => !ADMIN_PAGES.includes(p)),
    'menus the sweep does not visit',
  ).toEqual([]);
  const table = fs.readFileSync(path.resolve(here, '../../apps/web/src/router/web-routes.ts'), 'utf8');
  const learnerPaths = [...table.matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
  const swept = LEARNER_ROUTES.map((r) => r.path);
  expect(
    learnerPaths.filter((p) => !swept.includes(p)),
    'learner routes the sweep does not visit',
  ).toEqual([]);
});

test.afterAll(async ({ browser }) => {
  for (const context of contexts.values()) await (await context).close();
  await writeContactSheet(browser, shots());
});

test.beforeAll(() => fs.mkdirSync(shots(), { recursive: true }));

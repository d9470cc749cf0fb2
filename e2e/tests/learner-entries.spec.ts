/**
 * What a learner meets on a phone (iphone-14) and at a desk (desktop): every list's row actions on
 * the screen without scrolling sideways, no entry that leads to "not configured" (the assistant off,
 * live classes off), labelled header buttons and 直播 from the home when live classes are on, the
 * device check on an iPhone, the mock exam's result, and a paper waiting for marking.
 * Screenshots: test-results/screens/entries-<project>-*.png.
 */
import {
  assistantConfDetail,
  assistantConfSave,
  paperMarkSave,
  ResultShow,
  sysMsgSend,
  TrainMode,
  trainFinish,
  trainStart,
} from '@exam/contracts';
import type { Page } from '@playwright/test';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import {
  choiceKey,
  createExamWithQuestions,
  createLearner,
  type Learner,
  questionIds,
  sitPaper,
} from '../fixtures/exam-setup';
import { expect, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENS}/entries-${test.info().project.name}-${name}.png`, fullPage: true });

test.describe.configure({ timeout: 120_000 });

let admin: string;
let learner: Learner;
let examId: string;

test.beforeAll(async ({ request }) => {
  admin = await apiLogin(request, ACCOUNTS.admin);
  const tag = `${test.info().project.name.replace(/\W/g, '')}${Date.now() % 1_000_000}`;
  learner = await createLearner(request, admin, { userName: `entries${tag}`, realName: '列表学员' });
  const quIds = await questionIds(request, admin, { size: 2 });
  ({ examId } = await createExamWithQuestions(request, admin, {
    title: `E2E 手机列表考试 ${tag}`,
    paperTitle: `E2E 手机列表试卷 ${tag}`,
    quIds,
  }));
  // one attempt with one answer wrong: a row in 我的成绩, 考试记录 and 考试错题
  const wrong = (await choiceKey(request, admin, quIds[0])).wrong.key;
  await sitPaper(request, learner.token, examId, [{ quId: quIds[0], answer: wrong }]);
  await api(
    request,
    sysMsgSend.path,
    { title: '列表测试消息', content: '一条消息', target: 'user', userIds: [learner.id] },
    admin,
  );
});

/** The element lies between the screen's left and right edges (above or below the fold is fine). */
async function withinSides(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x, 'past the left edge').toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width, 'past the right edge').toBeLessThanOrEqual(page.viewportSize()!.width + 1);
}

/** Every visible action of a list's rows lies on the screen, and no table is wider than it. */
async function rowActionsOnScreen(page: Page, rows: number) {
  const width = page.viewportSize()!.width;
  const row = page.locator('.ant-table-row, [data-testid="row-card"]');
  await expect(row.first()).toBeVisible();
  expect(await row.count()).toBeGreaterThanOrEqual(rows);
  for (const table of await page.locator('.ant-table table').filter({ visible: true }).all())
    expect((await table.boundingBox())!.width, 'a table wider than the screen').toBeLessThanOrEqual(width + 1);
  const actions = row.locator('button, a').filter({ visible: true });
  expect(await actions.count()).toBeGreaterThan(0);
  for (const action of await actions.all()) {
    const box = (await action.boundingBox())!;
    expect(box.x + box.width, `${await action.innerText()} off the screen`).toBeLessThanOrEqual(width + 1);
  }
}

test('[WEB][LISTS] every learner list shows each row’s actions on the screen', async ({ page, context, baseURL }) => {
  await signInBrowser(context, baseURL!, learner.token);
  await page.goto('/web/paper');
  await rowActionsOnScreen(page, 1);
  for (const name of ['查看成绩', '考试记录', '错题'])
    await expect(page.getByRole('button', { name })).toBeInViewport();
  await shot(page, 'my-scores');

  await page.goto(`/web/paper/list/${examId}/${learner.id}`);
  await rowActionsOnScreen(page, 1);
  await withinSides(page, page.getByRole('button', { name: '查看', exact: true }));
  await shot(page, 'attempts');

  await page.goto(`/web/book/list/${examId}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: /移出/ }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await rowActionsOnScreen(page, 1);
  await withinSides(page, page.getByRole('button', { name: /移出/ }).first());
  await shot(page, 'book');

  await page.goto('/web/uc?tab=msg');
  await rowActionsOnScreen(page, 1);
  const msg = page.locator('.ant-table-row, [data-testid="row-card"]').filter({ hasText: '列表测试消息' });
  await withinSides(page, msg.getByText('未读'));
  await withinSides(page, msg.getByRole('button', { name: '删除' }));
  await shot(page, 'messages');
});

test('[WEB][ENTRIES] no entry leads to "not configured": the assistant off, live classes off', async ({
  page,
  context,
  baseURL,
}) => {
  await signInBrowser(context, baseURL!, learner.token);
  // a fresh install: the assistant is off
  await page.goto('/web/index');
  await expect(page.locator('.exam-hero')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('assistant-entry')).toHaveCount(0);
  await expect(page.getByText('学习助教尚未启用', { exact: false })).toHaveCount(0);
  // live classes off (the server's answer as a server without a media server gives it)
  await page.route('**/api/sys/user/info', async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    json.data.features = { ...json.data.features, live: false };
    await route.fulfill({ response: res, json });
  });
  await page.goto('/web/course');
  await expect(page.getByTestId('year-hours')).toBeVisible();
  await expect(page.getByTestId('to-live')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '直播课堂' })).toHaveCount(0);
  await page.unroute('**/api/sys/user/info');
});

test('[WEB][HEADER] the header buttons are labelled, 直播 is on the header and the home; the assistant has a name', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await signInBrowser(context, baseURL!, learner.token);
  const conf = await api(request, assistantConfDetail.path, {}, admin);
  const on = { ...conf, enabled: true, baseUrl: 'http://127.0.0.1:9/v1', model: 'qwen-e2e', apiKey: 'sk-e2e-0000' };
  await api(request, assistantConfSave.path, on, admin);
  try {
    await page.goto('/web/index');
    const header = page.locator('.web-header');
    // each button shows words, not an icon alone (a phone shows the short label under the icon)
    for (const [name, words] of [
      ['课程学习', /课程/],
      ['在线考试', /考试/],
      ['用户中心', /我的|用户中心/],
      ['直播课堂', /直播/],
    ] as const) {
      const button = header.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      await expect(button).toContainText(words);
      expect(await button.evaluate((el) => (el as HTMLElement).innerText.trim()), name).toMatch(words);
    }
    // 直播 from the home page too (the e2e servers have a media server configured)
    await page
      .locator('.exam-hero')
      .getByRole('button', { name: /直播课堂/ })
      .click();
    await expect(page).toHaveURL(/\/web\/live$/);
    await page.goto('/web/index');
    // the assistant: switched on, it has an entry with a name, on a phone and at a desk
    await expect(page.getByRole('button', { name: '学习助教' })).toBeVisible();
    await shot(page, 'home');
  } finally {
    await api(request, assistantConfSave.path, { ...on, enabled: false }, admin);
  }
});

test('[WEB][DEVICE] the device check names the system and judges the window by the exam room', async ({
  page,
  context,
  baseURL,
}) => {
  await signInBrowser(context, baseURL!, learner.token);
  await page.goto('/web/exam/debug');
  const phone = test.info().project.name === 'iphone-14';
  await expect(page.getByTestId('device-os')).toHaveText(phone ? /^iOS \d/ : /^(Linux|Windows|macOS)/);
  await expect(page.getByTestId('window-state')).toHaveText('正常');
  await shot(page, 'debug');
});

test('[WEB][MOCK_RESULT] a failing mock exam is no green success, and its figures stay whole', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await signInBrowser(context, baseURL!, learner.token);
  const repos = await api<{ id: string; quCount: number }[]>(request, '/api/train/repo/list', {}, learner.token);
  const repoId = repos.find((r) => r.quCount >= 3)!.id;
  const { trainId } = await api<{ trainId: string }>(
    request,
    trainStart.path,
    { repoId, mode: TrainMode.MOCK, count: 3, timeLimit: 10 },
    learner.token,
  );
  await api(request, trainFinish.path, { trainId }, learner.token);
  await page.goto(`/web/repo/repo/${trainId}`);
  await expect(page.getByTestId('result-title')).toContainText('模拟考试得分：0 分');
  await expect(page.locator('.ant-result-success')).toHaveCount(0);
  await expect(page.locator('.ant-result-warning')).toBeVisible();
  // every figure's title and value on one line ("题目数", "0%", "3秒" never broken in two)
  const parts = page.getByTestId('result-stats').locator('.ant-statistic-title, .ant-statistic-content');
  expect(await parts.count()).toBe(12);
  for (const part of await parts.all()) {
    const lines = await part.evaluate((el) => {
      // the tops of every piece of text inside: a new line starts more than half a line lower
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.push(r.top);
      }
      const step = parseFloat(getComputedStyle(el).fontSize) * 0.6;
      tops.sort((a, b) => a - b);
      return tops.filter((t, i) => i === 0 || t - tops[i - 1] > step).length;
    });
    expect(lines, `${await part.innerText()} breaks`).toBe(1);
  }
  await shot(page, 'mock-result');
});

test('[WEB][AWAIT_MARKING] the review says the answer waits for marking, then shows its score', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const tag = `${test.info().project.name.replace(/\W/g, '')}${Date.now() % 1_000_000}`;
  const [essay] = await questionIds(request, admin, { size: 1, type: 4, bank: null });
  const exam = await createExamWithQuestions(request, admin, {
    title: `E2E 待阅卷考试 ${tag}`,
    paperTitle: `E2E 待阅卷试卷 ${tag}`,
    quIds: [essay],
    section: '简答题',
    resultShow: ResultShow.SCORE_AND_ANSWERS,
  });
  await signInBrowser(context, baseURL!, learner.token);
  const paperId = await sitPaper(request, learner.token, exam.examId, [{ quId: essay, answer: '我的简答' }]);
  await page.goto(`/web/exam/result/${paperId}`);
  const verdict = page.getByTestId('review-1').getByTestId('verdict');
  await expect(verdict).toContainText('等待阅卷');
  await expect(verdict).not.toContainText('自行判断');
  await shot(page, 'awaiting-marking');

  const full = 10; // the fixture's paper: every question 10 points
  await api(request, paperMarkSave.path, { paperId, items: [{ quId: essay, score: full / 2 }] }, admin);
  // a later visit shows the score
  await page.goto('/web/index');
  await page.goto(`/web/exam/result/${paperId}`);
  await expect(verdict).toContainText(`已阅卷，得分 ${full / 2} / ${full} 分`);
  await shot(page, 'marked');
});

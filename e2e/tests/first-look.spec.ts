/**
 * What a new user meets first, on the complete demo data (demo seeders): a learner on a
 * phone (390 px, touch, iPhone user agent) and an administrator at 1280 px. Overflow is measured
 * against the device width: with phone emulation Chromium widens innerWidth to the content, so
 * comparing scrollWidth with innerWidth (or clientWidth) would never fail.
 * Screenshots: test-results/first-look/*.png.
 */
import { bookPaging, examExamOnlinePaging } from '@exam/contracts';
import { type Browser, type BrowserContext, devices, type Page } from '@playwright/test';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { createLearner, deptNamed, type Learner, startPaper } from '../fixtures/exam-setup';
import { expect, test } from '../fixtures/test';

const SHOTS = '../test-results/first-look';
const PHONE = 390;
const ALL_KINDS_EXAM = '全题型体验考试';

/** A phone context (iPhone 14 screen and user agent, touch, mobile viewport) signed in with `token`. */
async function phoneContext(browser: Browser, baseURL: string, token: string): Promise<BrowserContext> {
  const { defaultBrowserType: _, ...iphone } = devices['iPhone 14'];
  const context = await browser.newContext({ ...iphone, viewport: { width: PHONE, height: 844 }, baseURL });
  await signInBrowser(context, baseURL, token);
  return context;
}

/** Page errors and console errors of a page, collected from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** The widest the page is: the document's scroll width and every element's right edge. */
const pageWidth = (page: Page) =>
  page.evaluate(() => {
    let right = document.documentElement.scrollWidth;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || style.visibility === 'hidden' || style.position === 'fixed') continue;
      // content inside a scrolling box (a table's own scroll) does not widen the page
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') {
          clipped = true;
          break;
        }
      }
      if (!clipped) right = Math.max(right, box.right + window.scrollX);
    }
    return Math.round(right);
  });

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
}

async function shot(page: Page, name: string): Promise<void> {
  await settle(page).catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

let adminToken: string;
let learner: Learner;
let examId: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  const dept = await deptNamed(request, '技术部');
  learner = await createLearner(request, adminToken, {
    userName: `first${Date.now() % 1_000_000}`,
    realName: '初见学员',
    deptId: dept.id,
  });
  const exams = await api<{ records: { id: string; title: string }[] }>(
    request,
    examExamOnlinePaging.path,
    { current: 1, size: 50, params: {} },
    learner.token,
  );
  const exam = exams.records.find((e) => e.title === ALL_KINDS_EXAM);
  expect(exam, `${ALL_KINDS_EXAM} in the demo data`).toBeTruthy();
  examId = exam!.id;
  await request.dispose();
});

test.describe('learner on a phone (390 px)', () => {
  test('the exam with every kind fits the screen: matching and a composite with a matching part', async ({
    browser,
    baseURL,
  }) => {
    const context = await phoneContext(browser, baseURL!, learner.token);
    const paperId = await startPaper(context.request, learner.token, examId);
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto(`/web/exam/start/${paperId}`);
    await expect(page.getByTestId('exam-room')).toBeVisible({ timeout: 30_000 });
    // the formula of the first question is rendered, not shown as LaTeX
    await expect(page.locator('.katex').first()).toBeVisible();
    expect(await page.getByTestId('exam-room').innerText()).not.toContain('\\pi');
    // every question of the paper, one page each on a phone: none wider than the screen
    let matchingSeen = 0;
    for (let n = 1; n <= 8; n++) {
      await expect(page.getByText(`第 ${n} / 8 题`)).toBeVisible();
      await settle(page);
      expect(await pageWidth(page), `question ${n}: exam room wider than the phone`).toBeLessThanOrEqual(PHONE);
      if (await page.locator('.qa-matching').count()) {
        matchingSeen += 1;
        for (const select of await page.locator('.qa-matching__select').all()) {
          const box = await select.boundingBox();
          expect(box!.x + box!.width, 'matching select inside the screen').toBeLessThanOrEqual(PHONE);
        }
        await shot(page, `learner-390-exam-room-q${n}`);
      }
      if (n < 8) await page.getByTestId('next-question').click();
    }
    expect(matchingSeen, 'a matching question and a composite with a matching part').toBe(2);

    // one answer saved, then 交卷 in the room: the toast opens below the header, not over it
    await page.getByTestId('question-answer').locator('.ant-radio-wrapper').first().click();
    await page.getByTestId('hand-in').click();
    await page.getByRole('button', { name: /确定交卷/ }).click();
    const toast = page.locator('.ant-message-notice', { hasText: '交卷成功' });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/web\/exam\/result\//);
    const header = await page.locator('.web-header').first().boundingBox();
    // where the toast settles (it slides in from above)
    await expect
      .poll(async () => (await toast.boundingBox())?.y ?? 0, { message: 'toast below the header', timeout: 3_000 })
      .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 60) - 1);
    await shot(page, 'learner-390-after-hand-in');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the wrong-answer book shows formulas rendered, not their LaTeX', async ({ browser, baseURL }) => {
    const context = await phoneContext(browser, baseURL!, learner.token);
    await expect
      .poll(
        async () =>
          (
            await api<{ total: number }>(
              context.request,
              bookPaging.path,
              { current: 1, size: 10, params: { examId } },
              learner.token,
            )
          ).total,
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    const page = await context.newPage();
    await page.goto(`/web/book/list/${examId}`);
    // on a phone the list is one card per row (LearnerTable)
    const rows = page.locator('[data-testid="row-card"]');
    await expect(rows.first()).toBeVisible({ timeout: 15_000 });
    await expect(rows.locator('.katex').first()).toBeVisible();
    expect(await page.locator('.row-cards').innerText()).not.toMatch(/\\pi|\\frac|r\^2/);
    // the title 考试错题 is whole, not hidden behind its filter
    const title = page.locator('.ant-card-head-title').first();
    await expect(title).toContainText('考试错题');
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await pageWidth(page), 'book wider than the phone').toBeLessThanOrEqual(PHONE);
    await shot(page, 'learner-390-book');
    await context.close();
  });

  test('user centre: names instead of codes, 我的证书 reachable by a visible control', async ({ browser, baseURL }) => {
    const context = await phoneContext(browser, baseURL!, learner.token);
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto('/web/uc');
    const card = page.locator('.uc-profile');
    await expect(card).toContainText('技术部');
    await expect(card).toContainText('学员');
    expect(await card.innerText()).not.toMatch(/部门编码|D001|\bstudent\b/);
    await shot(page, 'learner-390-uc');
    // the tabs are one Select on a phone: open it and pick 我的证书
    const select = page.locator('.uc-tab-select');
    await expect(select).toBeVisible();
    const box = await select.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE);
    await select.click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '我的证书' }).click();
    await expect(page).toHaveURL(/tab=cert/);
    // the certificates are on screen, the profile form is gone
    await expect(page.getByText(/暂无证书|证书编号/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /保\s*存/ })).toHaveCount(0);
    expect(await pageWidth(page), 'user centre wider than the phone').toBeLessThanOrEqual(PHONE);
    await shot(page, 'learner-390-uc-cert');
    // the assistant, off on a fresh install, has no entry (none that opens "尚未启用"); where it is
    // on, its entry sits at the foot of the page, over nothing (assistant.spec.ts)
    await expect(page.getByTestId('assistant-entry')).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('题库训练: the title is whole; the formula bank counts 10 and its practice run says 第 1 / 10 题', async ({
    browser,
    baseURL,
  }) => {
    const context = await phoneContext(browser, baseURL!, learner.token);
    const page = await context.newPage();
    await page.goto('/web/repo');
    const bank = page.getByTestId('train-repo-card').filter({ hasText: '数学公式练习题库' });
    await expect(bank).toBeVisible({ timeout: 15_000 });
    const title = page.locator('.ant-card-head-title', { hasText: '题库训练' }).first();
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), '题库训练 not cut').toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE);
    await shot(page, 'learner-390-repo');
    await bank.click();
    await expect(page.getByText('试题总数')).toBeVisible();
    await expect(page.locator('.ant-descriptions-item', { hasText: '试题总数' })).toContainText('10');
    await shot(page, 'learner-390-repo-view');
    // sequential practice (the first 开始练习) counts what the bank counts
    await page
      .getByRole('button', { name: /开始练习/ })
      .first()
      .click();
    await expect(page.getByText('第 1 / 10 题')).toBeVisible({ timeout: 15_000 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE);
    await shot(page, 'learner-390-practice');
    await context.close();
  });

  test('a network failure of the first user info keeps the token and offers 重试', async ({ browser, baseURL }) => {
    const context = await phoneContext(browser, baseURL!, learner.token);
    const page = await context.newPage();
    let fail = true;
    await page.route('**/api/sys/user/info', (route) =>
      fail ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto('/web/uc');
    await expect(page.getByText('网络异常')).toBeVisible({ timeout: 15_000 });
    expect(page.url()).not.toContain('/login');
    expect((await context.cookies()).some((c) => c.name === 'token' && c.value === learner.token)).toBe(true);
    await shot(page, 'learner-390-network-error');
    fail = false;
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await expect(page.locator('.uc-profile')).toContainText('技术部');
    await context.close();
  });
});

test.describe('administrator at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeEach(async ({ context, baseURL }) => {
    await signInBrowser(context, baseURL!, adminToken);
  });

  test('the exam list is readable: every header whole, titles on one line', async ({ page }) => {
    const errors = errorsOf(page);
    await page.goto('/admin/exam/exam');
    // Searched by name: the specs before this one on the same server add exams above it.
    await page.getByPlaceholder('考试名称').fill(ALL_KINDS_EXAM);
    await page.getByPlaceholder('考试名称').press('Enter');
    const row = page.locator('.ant-table-row', { hasText: ALL_KINDS_EXAM });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await settle(page);
    expect(await pageWidth(page), 'admin page wider than 1280').toBeLessThanOrEqual(1280);
    const headers = await page.locator('.ant-table-thead th').evaluateAll((ths) =>
      ths
        .filter((th) => th.textContent?.trim())
        .map((th) => {
          const el = th as HTMLElement;
          const range = document.createRange();
          range.selectNodeContents(el);
          return { text: el.textContent?.trim(), width: el.clientWidth, needed: range.getBoundingClientRect().width };
        }),
    );
    for (const h of headers)
      expect(h.width, `column ${h.text} narrower than its header`).toBeGreaterThanOrEqual(h.needed);
    const title = headers.find((h) => h.text === '考试名称')!;
    expect(title.width, '考试名称 column').toBeGreaterThanOrEqual(160);
    // the title on one line, not one character a line over the next column
    const cell = row.locator('td').first();
    const lines = await cell.locator('.ant-typography').evaluate((el) => {
      const style = getComputedStyle(el);
      return Math.round(el.getBoundingClientRect().height / Number.parseFloat(style.lineHeight || '22'));
    });
    expect(lines).toBeLessThanOrEqual(1);
    await shot(page, 'admin-1280-exam-list');
    expect(errors).toEqual([]);
  });

  test('试题分析 of the exam shows the formula rendered, as the learner saw it', async ({ page }) => {
    const errors = errorsOf(page);
    await page.goto(`/admin/exam/result/detail/${examId}`);
    await page.getByRole('tab', { name: '试题分析' }).click();
    const row = page.locator('.ant-table-row', { hasText: '圆的面积公式为' });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.locator('.katex').first()).toBeVisible();
    expect(await row.innerText()).not.toMatch(/\\pi|r\^2/);
    await shot(page, 'admin-1280-result-qu');
    expect(errors).toEqual([]);
  });

  test('a certificate template without a name gets an inline hint, no uncaught error', async ({ page }) => {
    const errors = errorsOf(page);
    await page.goto('/admin/cert/tmpl');
    await expect(page.locator('.ant-table-row', { hasText: '全题型体验合格证' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: '新建模板' }).click();
    const dialog = page.locator('.ant-modal').last();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('请输入模板名称')).toBeVisible();
    await expect(page.getByText(/数值过小|期望 string/)).toHaveCount(0);
    await shot(page, 'admin-1280-cert-tmpl-hint');
    expect(errors).toEqual([]);
  });
});

/**
 * Exams through the browser: an administrator builds a rule paper and an exam for 技术部; a learner
 * of that department sits it with a browser clock 10 minutes fast, loses the network mid-answer,
 * reloads, hands in; the administrator marks the short answer; the learner sees the result and the
 * wrong-answer book. A learner of 市场部 does not see the exam. The device check uses the fake camera.
 */
import { examExamDetail, examExamPaging, paperPaperDetail, paperPaperResult, repoQuDetail } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, OPEN_POPUP, signInBrowser } from '../fixtures/api';
import { type BrowserContext, expect as baseExpect, type Locator, type Page, test } from '../fixtures/test';

// The machines are shared and busy: lazy pages may take several seconds to load.
const expect = baseExpect.configure({ timeout: 25_000 });
const SCREENS = 'test-results/screens';
const TMPL = 'E2E 随机组卷试卷';
const EXAM = 'E2E 技术部安全考试';
const TYPES: [number, string][] = [
  [1, '单选题'],
  [2, '多选题'],
  [3, '判断题'],
  [4, '简答题'],
  [5, '填空题'],
  [6, '匹配题'],
  [99, '组合题'],
];

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let adminToken: string;
let studentToken: string;
let lisiToken: string;
let examId: string;
let paperId: string;

/** Full-page shots for the learner's long pages, viewport shots for the admin layout; always from the top. */
async function shot(page: Page, name: string, fullPage = false) {
  // let tables finish loading (their spinner fades the rows)
  await expect(page.locator('.ant-spin-spinning'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/exam-${name}.png`, fullPage });
}

/** Picks an option of the antd select that is open. */
async function pickOption(page: Page, text: string | RegExp) {
  await page.locator(`${OPEN_POPUP} .ant-select-item-option`, { hasText: text }).first().click();
}

/** Shanghai wall-clock text 'YYYY-MM-DD HH:mm' of an instant. */
function shanghai(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

const formItem = (page: Page, label: string) =>
  page.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });

async function signIn(context: BrowserContext, baseURL: string | undefined, token: string) {
  await signInBrowser(context, baseURL as string, token);
}

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  studentToken = await apiLogin(request, ACCOUNTS.student);
  lisiToken = await apiLogin(request, ACCOUNTS.lisi);
});

test('[ADMIN][TMPL_CREATE] builds a rule paper; a short rule is named with its shortfall', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, baseURL, adminToken);
  await page.goto('/admin/exam/tmpl');
  await expect(page.getByRole('button', { name: /新建试卷/ })).toBeVisible();
  await page.getByRole('button', { name: /新建试卷/ }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/tmpl\/edit/);
  await page.getByLabel('试卷名称').fill(TMPL);
  await page.locator('.ant-radio-button-wrapper', { hasText: '随机组卷' }).click();

  for (const [i, [type, label]] of TYPES.entries()) {
    await page.getByRole('button', { name: /添加抽题规则/ }).click();
    const card = page.getByTestId(`rule-${i}`);
    await card.getByTestId('rule-title').fill(`${i + 1}、${label}`);
    if (i === 0) {
      await card.locator('.ant-select').nth(0).click();
      await pickOption(page, '安全生产知识题库');
      await pickOption(page, '计算机基础题库');
      await page.keyboard.press('Escape');
    }
    if (type !== 1) {
      await card.locator('.ant-select').nth(1).click();
      await pickOption(page, new RegExp(`^${label}$`));
    }
    await card
      .locator('.ant-input-number-input')
      .nth(0)
      .fill(type === 1 ? '999' : '1');
    await card
      .locator('.ant-input-number-input')
      .nth(1)
      .fill(type === 4 ? '10' : '5');
  }
  await page.getByText('试卷总分').click(); // blur the last input
  // 999 single choice questions do not exist: the server names the rule and the shortfall.
  await page.getByTestId('tmpl-save').click();
  await expect(page.getByTestId('tmpl-error')).toContainText(/规则|1、单选题/);
  await expect(page.getByTestId('tmpl-error')).toContainText('还差');
  await shot(page, 'tmpl-edit-short');

  await page.getByTestId('rule-0').locator('.ant-input-number-input').nth(0).fill('2');
  await page.getByText('试卷总分').click();
  await expect(page.locator('.ant-statistic', { hasText: '试卷总分' })).toContainText('45');
  await page.getByRole('button', { name: /预\s*览/ }).click();
  await expect(page.locator('.ant-modal', { hasText: '试卷预览' }).getByTestId('review-1')).toBeVisible();
  await shot(page, 'tmpl-preview');
  await page.locator('.ant-modal-close').click();
  await page.getByTestId('tmpl-save').click();
  await expect(page).toHaveURL(/\/admin\/exam\/tmpl$/);
  await expect(page.getByText(TMPL)).toBeVisible();
  await shot(page, 'tmpl-list');
});

test('[ADMIN][EXAM_CREATE] creates an exam for 技术部 through the form', async ({ page, context, baseURL }) => {
  await signIn(context, baseURL, adminToken);
  await page.goto('/admin/exam/exam/edit');
  await expect(page.getByText('新建考试')).toBeVisible();
  await page.getByLabel('考试名称').fill(EXAM);
  await page.getByLabel('考试说明').fill('请独立完成，考试期间不要切换页面。');
  await formItem(page, '试卷').locator('.ant-select').click();
  await pickOption(page, TMPL);
  await page.locator('label', { hasText: '指定部门' }).first().click();
  // The department tree arrives by its own request: pick 技术部 until the select shows it (a click
  // on a tree still being drawn on a loaded machine can be lost).
  const depts = formItem(page, '指定部门');
  await expect(async () => {
    if (!(await depts.locator('.ant-select').innerText()).includes('技术部')) {
      await depts.locator('.ant-select').click();
      await page
        .locator('.ant-select-tree-node-content-wrapper', { hasText: '技术部' })
        .first()
        .click({ timeout: 5_000 });
    }
    await expect(depts.locator('.ant-select')).toContainText('技术部', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  // the time range is required (SPEC 5)
  await page.getByTestId('exam-save').click();
  await expect(page.getByText('时间段不能为空！')).toBeVisible();
  const now = Date.now();
  await page.getByPlaceholder('开始时间').click();
  await page.getByPlaceholder('开始时间').fill(shanghai(now - 5 * 60_000));
  await page.keyboard.press('Enter');
  await page.getByPlaceholder('结束时间').fill(shanghai(now + 3 * 3_600_000));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByLabel('及格分').fill('10');
  await page.getByLabel('允许考试次数').fill('3');
  await page.locator('label', { hasText: '显示成绩和答案' }).click();
  // Three attempts: answers would wait for the last one (the default); this exam shows them at once.
  await formItem(page, '答案与解析查看时机').locator('.ant-select').click();
  await pickOption(page, '交卷后立即');
  await formItem(page, '选项乱序').locator('.ant-switch').click();
  await page.locator('.ant-radio-button-wrapper', { hasText: '已发布' }).click();
  await expect(page.getByText('时间段不能为空！')).toHaveCount(0);
  await shot(page, 'exam-edit');
  await page.getByTestId('exam-save').click();
  await expect(page).toHaveURL(/\/admin\/exam\/exam$/);
  await expect(page.getByText(EXAM)).toBeVisible();
  await shot(page, 'exam-list');
  const list = await api(
    page.request,
    examExamPaging.path,
    { current: 1, size: 10, params: { title: EXAM } },
    adminToken,
  );
  examId = list.records[0].id;
  const detail = await api(page.request, examExamDetail.path, { id: examId }, adminToken);
  expect(detail.openType).toBe(2);
  expect(detail.state).toBe(1);
  expect(detail.deptIds.length).toBeGreaterThanOrEqual(1); // 技术部 (and its 前端组)
  expect(detail.shuffleOpt).toBe(true);
  expect(detail.reviewAfter).toBe(1);
});

test('[LEARNER][EXAM_LIST] a learner of 市场部 does not see the exam', async ({ page, context, baseURL }) => {
  await signIn(context, baseURL, lisiToken);
  await page.goto('/web/index');
  await expect(page.getByText('在线考试').first()).toBeVisible();
  await expect(page.locator('.ant-empty, [data-testid="exam-card"]').first()).toBeVisible();
  await expect(page.getByText(EXAM)).toHaveCount(0);
  await shot(page, 'index-lisi');
});

/**
 * Shuffled options are lettered A, B, C… top to bottom: the room shows the letters in order while
 * the contents are in another order than the bank's.
 */
async function expectPositionalLetters(page: Page) {
  const d = await api(page.request, paperPaperDetail.path, { paperId }, studentToken);
  let shuffled = false;
  const choices = d.questions.filter(
    (x: { type: number; parentQuId: string | null }) => (x.type === 1 || x.type === 2) && !x.parentQuId,
  );
  for (const q of choices) {
    const letters = q.options.map((o: { key: string }) => o.key);
    expect(letters).toEqual(['A', 'B', 'C', 'D', 'E', 'F'].slice(0, letters.length));
    const bank = await api(page.request, repoQuDetail.path, { id: q.quId }, adminToken);
    const bankOrder = bank.options.map((o: { content: string }) => o.content);
    if (q.options.some((o: { content: string }, i: number) => o.content !== bankOrder[i])) shuffled = true;
  }
  expect(shuffled).toBe(true);
  const first = page.getByTestId('question-1');
  if (Number(await first.getAttribute('data-type')) === 1) {
    const shown = await first.locator('.qa-option__text > b').allTextContents();
    expect(shown).toEqual(['A.', 'B.', 'C.', 'D.'].slice(0, shown.length));
  }
  await shot(page, 'room-letters');
}

async function answer(page: Page, q: Locator, type: number) {
  if (type === 1 || type === 3) await q.locator('.ant-radio-wrapper').first().click();
  else if (type === 2) {
    await q.locator('.ant-checkbox-wrapper').nth(0).click();
    await q.locator('.ant-checkbox-wrapper').nth(1).click();
  } else if (type === 4) await q.locator('textarea').first().fill('安全第一，预防为主，综合治理。');
  else if (type === 5) {
    const inputs = q.locator('input.ant-input');
    for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill(`答案${i + 1}`);
  } else if (type === 6) {
    // The matching control's Select loads on first use: count the selects once they are there.
    const selects = q.locator('.ant-select');
    await expect(selects.first()).toBeVisible();
    for (let i = 0; i < (await selects.count()); i++) {
      await selects.nth(i).click();
      // each select opens its own dropdown, appended last
      await page.locator(OPEN_POPUP).locator('.ant-select-item-option').nth(i).click();
      await expect(selects.nth(i)).not.toContainText('请选择');
    }
  } else if (type === 99) {
    const children = q.locator('.room-child');
    for (let i = 0; i < (await children.count()); i++) {
      const child = children.nth(i);
      await answer(page, child, Number(await child.getAttribute('data-type')));
    }
  }
}

function seconds(text: string): number {
  const [h, m, s] = text.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

async function expectCountdownRight(page: Page) {
  const d = await api(page.request, paperPaperDetail.path, { paperId }, studentToken);
  const serverLeft = (Date.parse(d.deadline) - Date.parse(d.serverTime)) / 1000;
  const shown = seconds((await page.getByTestId('countdown-value').textContent()) ?? '');
  expect(Math.abs(shown - serverLeft)).toBeLessThan(5);
}

test('[LEARNER][EXAM_SIT] sits the exam with a wrong clock, offline answers, a reload, and hands in', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.clock.install({ time: Date.now() + 10 * 60_000 });
  await signIn(context, baseURL, studentToken);
  await page.goto('/web/index');
  const card = page.getByTestId('exam-card').filter({ hasText: EXAM });
  await expect(card).toBeVisible();
  await expect(card).toContainText('进行中');
  await shot(page, 'index');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/web/exam/check/${examId}`));
  await expect(page.getByText('考试时长')).toBeVisible();
  await shot(page, 'check', true);
  await page.getByTestId('exam-agree').click(); // 考试须知 confirmed before a new attempt
  await page.getByRole('button', { name: /开始考试/ }).click();
  await expect(page).toHaveURL(/\/web\/exam\/start\//);
  paperId = page.url().split('/').pop() as string;
  await expect(page.getByTestId('exam-room')).toBeVisible();
  await expectCountdownRight(page);

  const total = await page.locator('[data-testid^="sheet-"]').count();
  expect(total).toBe(TYPES.length + 1); // two single choice questions, one of each other type
  await expectPositionalLetters(page);
  for (let n = 1; n <= total; n++) {
    const q = page.getByTestId(`question-${n}`);
    await expect(q).toBeVisible();
    const type = Number(await q.getAttribute('data-type'));
    if (n === 3) {
      await context.setOffline(true);
      await answer(page, q, type);
      await expect(page.getByTestId('sync-state')).toContainText('待保存');
      const journal = await page.evaluate((id) => localStorage.getItem(`exam-journal:${id}`), paperId);
      expect(Object.keys(JSON.parse(journal as string).entries).length).toBeGreaterThan(0);
      await shot(page, 'room-offline');
      await context.setOffline(false);
      await expect(page.getByTestId('sync-state')).toContainText('答案已保存', { timeout: 20_000 });
    } else {
      await answer(page, q, type);
    }
    if (n === 1) await q.getByTestId('flag').click();
    if (n < total) await page.getByTestId('next-question').click();
  }
  await expect(page.getByTestId('sync-state')).toContainText('答案已保存', { timeout: 15_000 });
  await shot(page, 'room-single', true);
  await page.getByText('整卷作答').click();
  await expect(page.getByTestId(`question-${total}`)).toBeVisible();
  await shot(page, 'room-all', true);

  // A reload keeps every answer and the countdown stays on the server's clock.
  await page.reload();
  await expect(page.getByTestId('exam-room')).toBeVisible();
  await expect(page.locator('[data-testid^="sheet-"][data-state="done"]')).toHaveCount(total);
  await expectCountdownRight(page);
  const saved = await api(page.request, paperPaperDetail.path, { paperId }, studentToken);
  expect(saved.questions.filter((q: { answered: boolean; type: number }) => q.type !== 99 && !q.answered)).toHaveLength(
    0,
  );

  await page.getByTestId('hand-in').click();
  // every question answered, question 1 still flagged: the count before hand-in says so
  await expect(page.getByTestId('hand-in-summary')).toHaveText('您还有 1 题已标记待检查，确定要交卷吗？');
  await page.getByRole('button', { name: /确定交卷/ }).click();
  await expect(page).toHaveURL(new RegExp(`/web/exam/result/${paperId}`));
  await expect(page.getByTestId('result-title')).toContainText('等待阅卷');
  await shot(page, 'result-pending', true);
});

test('[ADMIN][EXAM_MARK] marks the short answer', async ({ page, context, baseURL }) => {
  await signIn(context, baseURL, adminToken);
  await page.goto('/admin/exam/mark');
  const row = page.locator('tr', { hasText: EXAM });
  await expect(row).toBeVisible();
  await shot(page, 'mark-list');
  await row.getByRole('button', { name: /阅卷/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/mark/detail/${paperId}`));
  await expect(page.getByText('参考答案').first()).toBeVisible();
  await expect(page.getByText('安全第一，预防为主，综合治理。').first()).toBeVisible();
  const items = page.locator('.ant-card[data-testid^="mark-"]');
  await expect(items.first()).toBeVisible();
  for (let i = 0; i < (await items.count()); i++) await items.nth(i).locator('.ant-input-number input').fill('8');
  await items.first().getByPlaceholder('评语（选填）').fill('要点基本完整。');
  await shot(page, 'mark-detail');
  await page.getByTestId('mark-submit').click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: '阅卷完成' })).toBeVisible();
  await page.getByRole('button', { name: /返回阅卷中心/ }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/mark$/);
});

test('[LEARNER][EXAM_RESULT] sees the final result, my scores, the attempts and the wrong-answer book', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, baseURL, studentToken);
  await page.goto(`/web/exam/result/${paperId}`);
  await expect(page.getByTestId('result-label')).toContainText(/通过|未通过/);
  await expect(page.getByText('要点基本完整。')).toBeVisible();
  // The review uses the letters the room showed: the first option clicked was A, whatever its content.
  const result = await api(page.request, paperPaperResult.path, { paperId }, studentToken);
  for (const q of result.questions.filter(
    (x: { type: number; parentQuId: string | null }) => x.type === 1 && !x.parentQuId,
  )) {
    expect(q.options.map((o: { key: string }) => o.key)).toEqual(['A', 'B', 'C', 'D'].slice(0, q.options.length));
    expect(q.myAnswer).toBe('A');
    expect(q.isRight).toBe(q.rightOptions.includes('A'));
  }
  await shot(page, 'result', true);
  await page.goto('/web/paper');
  await expect(page.locator('tr', { hasText: EXAM })).toBeVisible();
  await shot(page, 'my-scores');
  await page
    .locator('tr', { hasText: EXAM })
    .getByRole('button', { name: /考试记录/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/web/paper/list/${examId}/`));
  await expect(page.getByText('已完成').first()).toBeVisible();
  await shot(page, 'paper-list');
  await page.goto(`/web/book/list/${examId}`);
  await expect(page.getByText('考试错题').first()).toBeVisible();
  await shot(page, 'book');
  // The learner answered several questions wrongly, so the book has entries to redo.
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.getByRole('button', { name: /开始重做/ }).click();
  await expect(page.getByTestId('redo-panel')).toBeVisible();
  await shot(page, 'book-redo', true);
  // The first entry is the first wrong question of the paper.
  const panel = page.getByTestId('redo-panel');
  // Options are shuffled, so which questions were wrong (and come first) varies. Decide by the
  // panel's question type, not by what has rendered yet: the matching control's Select loads late.
  const type = Number(await panel.getAttribute('data-type'));
  if (type === 6) await answer(page, panel, 6);
  else if (type === 4 || type === 5) await panel.locator('input.ant-input, textarea').first().fill('重做作答');
  else if (type <= 3) await panel.locator('.ant-radio-wrapper, .ant-checkbox-wrapper').first().click();
  // An ordering or a composite is handed in as it stands: a blank redo is marked like any other.
  await page.getByTestId('redo-submit').click();
  await expect(panel.getByText(/回答正确|回答错误|请对照参考答案|参考得分率/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /下一题|完成/ })).toBeVisible();
});

test('[ADMIN][EXAM_RESULT] statistics, chart, question analysis and one attempt in full', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, baseURL, adminToken);
  await page.goto('/admin/exam/result');
  await expect(page.locator('tr', { hasText: EXAM })).toBeVisible();
  await shot(page, 'result-list');
  await page
    .locator('tr', { hasText: EXAM })
    .getByRole('button', { name: /查看详情/ })
    .click();
  await expect(page.getByTestId('score-chart')).toBeVisible();
  await expect(page.getByText('张三')).toBeVisible();
  await page.waitForTimeout(1200); // the chart animates in
  await shot(page, 'result-detail');
  await page.getByRole('tab', { name: '试题分析' }).click();
  await expect(page.getByText('区分度', { exact: true })).toBeVisible();
  await shot(page, 'result-qu');
  await page.getByRole('tab', { name: '答卷记录' }).click();
  await page
    .getByRole('button', { name: /查看答卷/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/result/paper/${paperId}`));
  await expect(page.getByTestId('review-1')).toBeVisible();
  await shot(page, 'result-paper');
});

test('[LEARNER][EXAM_DEBUG] device check with the fake camera', async ({ page, context, baseURL }) => {
  await signIn(context, baseURL, studentToken);
  await context.grantPermissions(['camera', 'microphone']);
  await page.goto('/web/exam/debug');
  await expect(page.getByTestId('camera-state')).toHaveText('正常');
  await expect(page.getByTestId('mic-state')).toHaveText('正常');
  await expect(page.getByTestId('latency')).toContainText('ms', { timeout: 15_000 });
  await page.waitForTimeout(800);
  await shot(page, 'debug', true);
});

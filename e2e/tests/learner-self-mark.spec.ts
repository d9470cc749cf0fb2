/**
 * 自评 in practice, on the desktop and the phone projects: a learner answers a short
 * answer, sees the reference answer and the keyword hint, marks it right, changes the mark to
 * wrong, and finds the question in the wrong-answer book (the bank's 错题数 and its 错题练习).
 */
import { repoQuSave, repoRepoSave, sysDepartTree, sysRoleList, sysUserSave } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, confirmDialog, signInBrowser } from '../fixtures/api';
import { inViewAndTappable, noHorizontalScroll } from '../fixtures/phone';
import { type APIRequestContext, type BrowserContext, expect, type Page, type TestInfo, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const STEM = '什么是数据库事务？';

/**
 * A bank holding `question` and a learner of this run's own (the demo learners are shared by the
 * specs), signed in to the browser; answers the bank's id.
 */
async function setUp(
  {
    page,
    context,
    request,
    baseURL,
  }: { page: Page; context: BrowserContext; request: APIRequestContext; baseURL?: string },
  testInfo: TestInfo,
  question: object,
): Promise<string> {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const repo = await api<{ id: string }>(
    request,
    repoRepoSave.path,
    { title: `自评练习-${tag}`, practiceEnabled: true },
    admin,
  );
  await api(request, repoQuSave.path, { ...question, repoIds: [repo.id] }, admin);
  const roles = await api<{ id: string; code: string }[]>(request, sysRoleList.path, {}, admin);
  const [dept] = await api<{ id: string }[]>(request, sysDepartTree.path, {}, admin);
  const userName = `sm${Date.now().toString(36)}${testInfo.project.name.length}`;
  await api(
    request,
    sysUserSave.path,
    {
      userName,
      realName: '自评学员',
      password: 'abc123',
      deptId: dept.id,
      roleIds: [roles.find((r) => r.code === 'student')?.id],
    },
    admin,
  );
  await signInBrowser(context, baseURL as string, await apiLogin(request, { userName, password: 'abc123' }));
  // The desktop screenshots at 1280 px wide; the phone projects keep their own screens.
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 800 });
  return repo.id;
}

const REFERENCE = '<p>事务是一组要么全部成功、要么全部失败的原子操作，保证数据一致。</p>';
const KEYWORDS = [
  { word: '原子', weight: 1 },
  { word: '一致', weight: 1 },
];

/** Starts sequential practice of the bank. */
async function startSequential(page: Page, repoId: string) {
  await page.goto(`/web/repo/view/${repoId}`);
  await page
    .getByTestId('mode-1')
    .getByRole('button', { name: /开始练习/ })
    .click();
  await expect(page.getByTestId('question-index')).toContainText('第 1 / 1 题');
}

test('[LEARNER][TRAIN_SELF_MARK] a short answer self-marked wrong lands in the wrong-answer book', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const repoId = await setUp({ page, context, request, baseURL }, testInfo, {
    type: 4,
    content: `<p>${STEM}</p>`,
    analysis: '<p>从原子性与一致性两方面回答。</p>',
    answer: { reference: REFERENCE, keywords: KEYWORDS },
  });
  const shot = (name: string) => page.screenshot({ path: `${SCREENS}/${name}-${testInfo.project.name}.png` });

  await startSequential(page, repoId);
  await page.getByTestId('question-answer').getByRole('textbox').fill('事务具有原子性');
  await page.getByTestId('submit-answer').click();

  // The reference answer, the keyword hint (one of two keywords) and the self-mark, not yet given.
  const panel = page.getByTestId('self-mark');
  await expect(page.getByTestId('right-answer')).toContainText('原子操作');
  await expect(page.getByTestId('keyword-suggestion')).toHaveText('关键词命中率：50%（仅供参考）');
  await expect(panel.getByTestId('self-mark-verdict')).toHaveText('未自评');
  await noHorizontalScroll(page, 'self-mark');
  if (testInfo.project.name !== 'desktop') {
    for (const id of ['self-mark-right', 'self-mark-wrong', 'fav-toggle']) await inViewAndTappable(page, id);
  }

  await panel.getByTestId('self-mark-right').click();
  await expect(panel.getByTestId('self-mark-verdict')).toHaveText('自评：答对');
  await expect(page.getByTestId('verdict')).toContainText('回答正确');
  // Changed before moving on: the mark is now wrong, counted once.
  await panel.getByTestId('self-mark-wrong').click();
  await expect(panel.getByTestId('self-mark-verdict')).toHaveText('自评：答错');
  await expect(page.getByTestId('self-mark-book')).toHaveText('已记入错题本，可在错题本中复习');
  await expect(page.getByTestId('verdict')).toContainText('回答错误');
  await expect(page.getByTestId('answer-card').locator('.train-card-btn--wrong')).toHaveCount(1);
  await panel.scrollIntoViewIfNeeded();
  await noHorizontalScroll(page, 'self-mark');
  await shot('self-mark');

  await page.getByTestId('finish-train').click();
  await confirmDialog(page);
  await expect(page).toHaveURL(/\/web\/repo\/repo\//);

  // The wrong-answer book: the bank counts it, and 错题练习 brings the question back.
  await page.goto(`/web/repo/view/${repoId}`);
  await expect(page.locator('.ant-descriptions-item').filter({ hasText: '错题数' })).toContainText('1');
  await expect(page.locator('.ant-descriptions-item').filter({ hasText: '正确率' })).toContainText('0%');
  await page
    .getByTestId('mode-4')
    .getByRole('button', { name: /开始练习/ })
    .click();
  await expect(page.getByTestId('question-index')).toContainText('第 1 / 1 题');
  await expect(page.getByTestId('question-answer')).toContainText(STEM);
});

test('[LEARNER][TRAIN_SELF_MARK] a composite is self-marked child by child', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const repoId = await setUp({ page, context, request, baseURL }, testInfo, {
    type: 99,
    content: '<p>阅读下面的材料，回答问题。</p>',
    children: [
      {
        type: 1,
        content: '<p>事务的英文是？</p>',
        options: [
          { key: 'A', content: 'transaction', isRight: true },
          { key: 'B', content: 'session', isRight: false },
        ],
      },
      { type: 4, content: `<p>${STEM}</p>`, answer: { reference: REFERENCE, keywords: KEYWORDS } },
    ],
  });
  await startSequential(page, repoId);
  await page.getByText('transaction', { exact: true }).click();
  await page.getByRole('textbox').fill('一组操作');
  await page.getByTestId('submit-answer').click();

  // One row, for the manual child only (the choice child is marked by the system).
  const rows = page.getByTestId('self-mark-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('第（2）小题');
  await expect(rows.getByTestId('self-mark-verdict')).toHaveText('未自评');
  await rows.getByTestId('self-mark-wrong').click();
  await expect(rows.getByTestId('self-mark-verdict')).toHaveText('自评：答错');
  await expect(page.getByTestId('self-mark-book')).toBeVisible();
  await expect(page.getByTestId('answer-card').locator('.train-card-btn--wrong')).toHaveCount(1);
  await page.getByTestId('self-mark').scrollIntoViewIfNeeded();
  await noHorizontalScroll(page, 'self-mark');
  await page.screenshot({ path: `${SCREENS}/self-mark-composite-${testInfo.project.name}.png` });
});

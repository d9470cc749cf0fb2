/**
 * On the desktop and the phone projects (iPhone 14 390×844, Android 360×800):
 * - 名次 on the result page when the exam shows ranks: "第 N 名 / 共 M 人" over each learner's best
 *   finished paper, tied learners sharing a rank; absent when the exam does not show ranks.
 * - A full-screen exam refusing focus mode: a browser without the Fullscreen API is refused on the
 *   check page and in the room, with the SPEC warning and the reason; one with it may start.
 * - The check page's long title wraps at the screen's width (no horizontal scroll).
 * The administrator's exam form carries both settings (desktop).
 */
import {
  paperPaperAbandon,
  paperPaperDetail,
  paperPaperFillAnswer,
  paperPaperHand,
  repoQuDetail,
} from '@exam/contracts';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import {
  createExam,
  createLearner,
  createTemplate,
  type ExamFields,
  type Learner,
  questionIds,
  sitPaper,
  startPaper,
} from '../fixtures/exam-setup';
import { noFullscreen, noHorizontalScroll } from '../fixtures/phone';
import { expect as baseExpect, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = 'test-results/screens';
const LONG_TITLE = 'E2E 严格全屏考试：2026年度安全生产与职业健康知识考核（不支持全屏的设备不得参加）';

test.describe.configure({ mode: 'serial', timeout: 240_000 });
// The desktop screenshots at 1280 wide; the phone projects keep their screens.
test.beforeEach(async ({ page }) => {
  if (test.info().project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 900 });
});

let admin: string;
let quIds: string[];
let tmplId: string;
let rankExam: string;
let plainExam: string;
let strictExam: string;
const people: Record<'top1' | 'top2' | 'third', Learner> = {} as never;
const papers: Record<string, string> = {};

/** Sits the exam answering the first `right` questions right (by the bank's key) and the rest not at all. */
async function sitScoring(request: APIRequestContext, who: Learner, examId: string, right: number): Promise<string> {
  const paperId = await startPaper(request, who.token, examId);
  const detail = await api<{ questions: { quId: string; options: { key: string; content: string }[] }[] }>(
    request,
    paperPaperDetail.path,
    { paperId },
    who.token,
  );
  for (const [i, q] of detail.questions.slice(0, right).entries()) {
    const qu = await api<{ options: { content: string; isRight: boolean }[] }>(
      request,
      repoQuDetail.path,
      { id: q.quId },
      admin,
    );
    const key = q.options.find((o) => o.content === qu.options.find((b) => b.isRight)?.content)?.key;
    await api(
      request,
      paperPaperFillAnswer.path,
      { paperId, quId: q.quId, answer: key, seq: i + 1, windowId: 'w1' },
      who.token,
    );
  }
  await api(request, paperPaperHand.path, { paperId }, who.token);
  return paperId;
}

/** createExam passes every field on to the save; ExamFields does not list the rank and focus-mode settings. */
function exam(
  request: APIRequestContext,
  fields: ExamFields & { showRank?: boolean; allowFocusMode?: boolean },
): Promise<string> {
  const all: ExamFields = fields;
  return createExam(request, admin, tmplId, all);
}

test.beforeAll(async ({ request }) => {
  const tag = test.info().project.name.replace(/\W/g, '');
  admin = await apiLogin(request, ACCOUNTS.admin);
  quIds = await questionIds(request, admin, { size: 3 });
  tmplId = await createTemplate(request, admin, { title: `E2E 排名试卷 ${tag}`, quIds });
  rankExam = await exam(request, { title: `E2E 排名考试 ${tag}`, showRank: true });
  plainExam = await exam(request, { title: `E2E 不排名考试 ${tag}` });
  strictExam = await exam(request, { title: LONG_TITLE, fullScreen: true, allowFocusMode: false });
  for (const [key, name] of [
    ['top1', '甲'],
    ['top2', '乙'],
    ['third', '丙'],
  ] as const)
    people[key] = await createLearner(request, admin, { userName: `rf_${tag}_${key}`, realName: `排名${name}${tag}` });
  papers.top1 = await sitScoring(request, people.top1, rankExam, 3);
  papers.top2 = await sitScoring(request, people.top2, rankExam, 3);
  papers.third = await sitScoring(request, people.third, rankExam, 1);
  papers.plain = await sitPaper(request, people.third.token, plainExam);
});

test('[WEB][RESULT_RANK] the result page shows 第 N 名 / 共 M 人 when the exam shows ranks, tied learners sharing a rank', async ({
  page,
  context,
  baseURL,
}) => {
  const project = test.info().project.name;
  await signInBrowser(context, baseURL as string, people.third.token);
  await page.goto(`/web/exam/result/${papers.third}`);
  await expect(page.getByTestId('result-rank')).toHaveText('第 3 名 / 共 3 人');
  // Two numbers, never who the others are.
  await expect(page.getByText(people.top1.realName)).toHaveCount(0);
  await expect(page.getByText(people.top2.realName)).toHaveCount(0);
  await noHorizontalScroll(page, 'result');
  await page.screenshot({ path: `${SCREENS}/${project}-result-rank.png`, fullPage: true });

  await signInBrowser(context, baseURL as string, people.top2.token);
  await page.goto(`/web/exam/result/${papers.top2}`);
  await expect(page.getByTestId('result-rank')).toHaveText('第 1 名 / 共 3 人');

  // The same learner on an exam that does not show ranks: no 名次 at all.
  await signInBrowser(context, baseURL as string, people.third.token);
  await page.goto(`/web/exam/result/${papers.plain}`);
  await expect(page.getByTestId('result-label')).toBeVisible();
  await expect(page.getByTestId('result-rank')).toHaveCount(0);
  await expect(page.getByText('名次')).toHaveCount(0);
});

test('[WEB][FOCUS_REFUSED] a full-screen exam refusing focus mode refuses a browser without full screen; its long title wraps', async ({
  page,
  context,
  baseURL,
}) => {
  const project = test.info().project.name;
  const learner = people.top1;
  await signInBrowser(context, baseURL as string, learner.token);

  // A browser with the Fullscreen API may start it.
  await page.goto(`/web/exam/check/${strictExam}`);
  await expect(page.getByTestId('exam-start')).toBeVisible();
  await expect(page.getByTestId('focus-refused')).toHaveCount(0);

  // Like iPhone Safari: refused on the check page, the SPEC warning and the reason, no start.
  const phone = await context.newPage();
  if (test.info().project.name === 'desktop') await phone.setViewportSize({ width: 1280, height: 900 });
  await noFullscreen(phone);
  await phone.goto(`/web/exam/check/${strictExam}`);
  await expect(phone.getByText('you browser can not work')).toBeVisible();
  await expect(phone.getByTestId('focus-refused')).toContainText('不允许在不支持全屏的设备');
  await expect(phone.getByTestId('exam-start')).toHaveCount(0);
  // The long title wraps inside the screen: several lines, no horizontal scroll.
  const title = phone.getByTestId('check-title');
  const box = (await title.boundingBox())!;
  const width = phone.viewportSize()?.width ?? 0;
  expect(box.x + box.width, 'title inside the screen').toBeLessThanOrEqual(width);
  if (width < 600) expect(box.height, 'title wraps onto several lines').toBeGreaterThan(30);
  await noHorizontalScroll(phone, 'check page');
  await phone.screenshot({ path: `${SCREENS}/${project}-check-focus-refused.png`, fullPage: true });

  // A paper opened elsewhere (an API client declaring nothing): the room refuses this browser too.
  const paperId = await startPaper(page.request, learner.token, strictExam);
  await phone.goto(`/web/exam/start/${paperId}`);
  await expect(phone.getByTestId('focus-refused')).toBeVisible();
  await expect(phone.getByText('you browser can not work')).toBeVisible();
  await expect(phone.getByTestId('enter-focus')).toHaveCount(0);
  await phone.screenshot({ path: `${SCREENS}/${project}-room-focus-refused.png` });
  await api(page.request, paperPaperAbandon.path, { paperId }, learner.token);
});

test('[ADMIN][EXAM_RANK_FOCUS] the exam form carries 成绩排名 and the focus-mode choice', async ({
  page,
  context,
  baseURL,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'the admin form is a desktop screen');
  await signInBrowser(context, baseURL as string, admin);
  await page.goto(`/admin/exam/exam/edit/${strictExam}`);
  const refuse = page.getByRole('radio', { name: '不允许', exact: true });
  await expect(refuse).toBeChecked();
  await expect(page.getByRole('radio', { name: '允许以专注模式作答' })).not.toBeChecked();
  await expect(page.getByTestId('exam-show-rank')).not.toBeChecked();
  await refuse.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/desktop-exam-form-rank-focus.png` });
});

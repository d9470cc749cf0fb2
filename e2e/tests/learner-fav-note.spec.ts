/**
 * Favourites (收藏) and notes (笔记) in the browser: a learner favourites the question
 * in front of them in practice and writes a note on it, then finds both in the user centre
 * (我的收藏, 我的笔记), searches, opens the question with its answer, deletes the note and
 * un-favourites; and favourites a question from the review of a handed-in paper. Runs on the
 * desktop (at 1280 px) and on the phone projects (390 and 360 px).
 */
import {
  examExamSave,
  sysUserInfo,
  type TFavRecord,
  type TPage,
  trainFavPaging,
  trainFavSave,
  trainNoteDelete,
  trainNotePaging,
  trainRepoList,
} from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInAs } from '../fixtures/api';
import { createTemplate, questionIds, sitPaper } from '../fixtures/exam-setup';
import { inViewAndTappable, noHorizontalScroll } from '../fixtures/phone';
import { type APIRequestContext, expect, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const BANK = '安全生产知识题库';
const NOTE = '易错：注意审题，先看清楚是“不正确”的选项';

/** Leaves the account with no favourites and notes (the projects share one server). */
async function clearMarks(request: APIRequestContext, token: string) {
  const all = (path: string) =>
    api<TPage<TFavRecord>>(request, path, { current: 1, size: 100, params: {} }, token).then((p) => p.records);
  for (const r of await all(trainFavPaging.path))
    await api(request, trainFavSave.path, { quId: r.quId, fav: false }, token);
  for (const r of await all(trainNotePaging.path)) await api(request, trainNoteDelete.path, { quId: r.quId }, token);
}

test('[LEARNER][FAV_NOTE] favourite and note a question in practice, then find them in the user centre', async ({
  page,
  context,
  baseURL,
}) => {
  const project = test.info().project.name;
  if (project === 'desktop') await page.setViewportSize({ width: 1280, height: 860 });
  const token = await signInAs(context, baseURL as string, ACCOUNTS.lisi);
  await clearMarks(context.request, token);
  const banks = await api<{ id: string; title: string }[]>(context.request, trainRepoList.path, {}, token);
  const bank = banks.find((b) => b.title === BANK);
  if (!bank) throw new Error(`${BANK} is not open to practice`);

  // Practice: the star and the note button of the question in front of the learner.
  await page.goto(`/web/repo/training/${bank.id}/1`);
  await expect(page.getByTestId('question-index')).toBeVisible({ timeout: 30_000 });
  const star = page.getByTestId('fav-toggle');
  await expect(star).toHaveText(/收\s*藏/);
  await expect(star).toBeEnabled();
  if (project !== 'desktop') for (const id of ['fav-toggle', 'note-open']) await inViewAndTappable(page, id);
  await star.click();
  await expect(star).toHaveText(/已收藏/);
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('note-open').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '我的笔记' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('note-text').fill(NOTE);
  await dialog.getByTestId('note-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('note-open')).toHaveText(/我的笔记/);
  await noHorizontalScroll(page, 'practice');
  await page.screenshot({ path: `${SCREENS}/${project}-fav-practice.png`, fullPage: true });

  // What the server holds is what the practice page showed as saved.
  const [held] = await api<TPage<TFavRecord>>(
    context.request,
    trainFavPaging.path,
    { current: 1, size: 10, params: {} },
    token,
  ).then((p) => p.records);
  expect(held).toMatchObject({ fav: true, note: NOTE });
  const stem = held.content
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

  // 我的收藏: the question, searchable; 查看 shows it with its answer (a bank open to practice).
  await page.goto('/web/uc?tab=fav');
  const favList = page.getByTestId('fav-list');
  await expect(favList.getByTestId('fav-item')).toHaveCount(1);
  await expect(favList.getByTestId('fav-item')).toContainText(stem);
  await expect(favList.getByTestId('fav-note-text')).toContainText(NOTE);
  await noHorizontalScroll(page, 'user centre, favourites');
  await page.screenshot({ path: `${SCREENS}/${project}-fav-uc-list.png`, fullPage: true });

  const search = favList.getByPlaceholder('搜索题干或笔记');
  await search.fill('没有这样的题目');
  await search.press('Enter');
  await expect(favList).toContainText('没有找到相关的收藏');
  await search.fill('注意审题');
  await search.press('Enter');
  await expect(favList.getByTestId('fav-item')).toHaveCount(1);

  await favList.getByRole('button', { name: /查\s*看/ }).click();
  const view = page.getByTestId('fav-view');
  await expect(view).toBeVisible();
  await expect(view.getByTestId('qu-preview')).toBeVisible();
  await expect(view).not.toContainText('暂不能查看答案');
  await page.screenshot({ path: `${SCREENS}/${project}-fav-uc-view.png` });
  await page.locator('.ant-modal-close').last().click();
  await expect(view).toBeHidden();

  // 我的笔记: the note; deleting it leaves the favourite.
  await page.goto('/web/uc?tab=note');
  const noteList = page.getByTestId('note-list');
  await expect(noteList.getByTestId('note-item')).toHaveCount(1);
  await expect(noteList.getByTestId('note-item')).toContainText(NOTE);
  await page.screenshot({ path: `${SCREENS}/${project}-fav-uc-notes.png`, fullPage: true });
  await noteList.getByTestId('note-remove').click();
  await page
    .locator('.ant-popover')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(noteList).toContainText('暂无笔记');

  await page.goto('/web/uc?tab=fav');
  await expect(favList.getByTestId('fav-item')).toHaveCount(1);
  await expect(favList.getByTestId('fav-note-text')).toHaveCount(0);
  await favList.getByTestId('fav-remove').click();
  await page
    .locator('.ant-popover')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(favList).toContainText('暂无收藏');
});

test('[LEARNER][FAV_NOTE] favourite a question from the review of a handed-in paper', async ({
  page,
  context,
  baseURL,
}) => {
  const project = test.info().project.name;
  if (project === 'desktop') await page.setViewportSize({ width: 1280, height: 860 });
  const admin = await apiLogin(context.request, ACCOUNTS.admin);
  const token = await signInAs(context, baseURL as string, ACCOUNTS.lisi);
  await clearMarks(context.request, token);
  const lisiId = (await api<{ id: string }>(context.request, sysUserInfo.path, {}, token)).id;
  const quIds = await questionIds(context.request, admin, { size: 2 });
  const tmplId = await createTemplate(context.request, admin, { title: `E2E 收藏回顾试卷 ${project}`, quIds });
  const now = Date.now();
  // Only lisi is in the audience, and answers show after hand-in: the review is on the result page.
  const exam = await api<{ id: string }>(
    context.request,
    examExamSave.path,
    {
      title: `E2E 收藏回顾考试 ${project}`,
      tmplId,
      openType: 3,
      userIds: [lisiId],
      startTime: new Date(now - 3_600_000).toISOString(),
      endTime: new Date(now + 86_400_000).toISOString(),
      duration: 30,
      passScore: 10,
      tryLimit: 0,
      handMinMinutes: 0,
      lateMinutes: 0,
      resultShow: 2,
      reviewAfter: 1,
      state: 1,
    },
    admin,
  );
  const paperId = await sitPaper(context.request, token, exam.id);

  await page.goto(`/web/exam/result/${paperId}`);
  const first = page.getByTestId('review-1');
  await expect(first.getByTestId('fav-toggle')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('review-2').getByTestId('fav-toggle')).toHaveText(/收\s*藏/);
  await first.getByTestId('fav-toggle').click();
  await expect(first.getByTestId('fav-toggle')).toHaveText(/已收藏/);
  await noHorizontalScroll(page, 'result review');
  await first.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/${project}-fav-result-review.png` });

  await page.goto('/web/uc?tab=fav');
  await expect(page.getByTestId('fav-list').getByTestId('fav-item')).toHaveCount(1);

  // The unanswered questions are in the wrong-answer book; its redo has the star and note too.
  await page.goto(`/web/book/list/${exam.id}`);
  await page.getByRole('button', { name: /开始重做/ }).click();
  const redo = page.getByTestId('redo-panel');
  await expect(redo.getByTestId('fav-toggle')).toBeVisible({ timeout: 30_000 });
  await expect(redo.getByTestId('note-open')).toBeEnabled();
  // antd eases a button out of its disabled colours; the screenshot waits for the enabled text colour.
  await expect(redo.getByTestId('note-open')).toHaveCSS('color', 'rgba(0, 0, 0, 0.88)');
  await noHorizontalScroll(page, 'book redo');
  await page.screenshot({ path: `${SCREENS}/${project}-fav-book-redo.png`, fullPage: true });
});

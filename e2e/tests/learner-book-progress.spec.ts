/**
 * The learner's whole wrong-answer book and a course's progress, on the desktop and the phone
 * projects: the book lists every wrong answer grouped by exam, bank and kind with its rules (连续答对
 * N 次后移出错题本), each entry's 移出 on screen at 390 px; the course detail's progress is my courses' figure.
 */
import { bookSummary, courseLearnDetail, courseLearnHeartbeat, courseLearnMyPaging } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, settledShot, signInBrowser } from '../fixtures/api';
import { createExamWithQuestions, createLearner, questionIds, sitPaper } from '../fixtures/exam-setup';
import { noHorizontalScroll } from '../fixtures/phone';
import { expect, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';

test('[USER][BOOK] the whole book: rules, groups, entries as cards with 移出 on screen', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  const suffix = `${info.project.name.replace(/\W/g, '')}${Date.now() % 100000}`;
  const learner = await createLearner(request, admin, { userName: `book${suffix}`, realName: '错题本学员' });
  const quIds = await questionIds(request, admin, { size: 3, type: 1 });
  const { examId } = await createExamWithQuestions(request, admin, {
    title: `错题本考试${suffix}`,
    paperTitle: `错题本试卷${suffix}`,
    quIds,
    userIds: [learner.id],
  });
  // Handed in unanswered: the book holds the three questions.
  await sitPaper(request, learner.token, examId);
  await expect
    .poll(async () => (await api(request, bookSummary.path, {}, learner.token)).total, { timeout: 20_000 })
    .toBe(3);

  await signInBrowser(context, baseURL as string, learner.token);
  await page.goto('/web/book');
  await expect(page.getByTestId('book-rules')).toContainText('连续答对 2 次后移出错题本');
  await expect(page.getByTestId('book-item')).toHaveCount(3);
  await expect(page.getByTestId('book-groups')).toContainText(`错题本考试${suffix} 3`);
  await expect(page.getByTestId('book-groups')).toContainText('单选题 3');
  await noHorizontalScroll(page, '我的错题本');
  const remove = page
    .getByTestId('book-item')
    .first()
    .getByRole('button', { name: /移\s*出/ });
  await expect(remove).toBeInViewport();
  await settledShot(page, `${SCREENS}/book-all-${info.project.name}.png`);

  await page.goto(`/web/book/list/${examId}`);
  await expect(page.getByTestId('book-rules')).toBeVisible();
  await settledShot(page, `${SCREENS}/book-exam-${info.project.name}.png`);

  // From the learner home (在线考试) the book is one tap away.
  await page.goto('/web/index');
  await page.getByRole('button', { name: /错题本/ }).click();
  await expect(page).toHaveURL(/\/web\/book$/);
});

test('[USER][COURSE] the course detail shows the one progress figure of my courses', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  const suffix = `${info.project.name.replace(/\W/g, '')}${Date.now() % 100000}`;
  const learner = await createLearner(request, admin, { userName: `course${suffix}`, realName: '课程学员' });
  const list = () =>
    api<{ records: { id: string; progress: number }[] }>(
      request,
      courseLearnMyPaging.path,
      { current: 1, size: 10, params: {} },
      learner.token,
    );
  const courses = (await list()).records;
  test.skip(courses.length === 0, 'no course open to a new learner');
  const courseId = courses[0].id;
  // Page 1 of every document read (a page-based file's percent is the pages reached).
  const detail = await api<{ files: { fileId: string }[] }>(
    request,
    courseLearnDetail.path,
    { id: courseId },
    learner.token,
  );
  for (const f of detail.files) {
    await request.get(`/api/course/file/content/${f.fileId}`, { headers: { token: learner.token } });
    await api(request, courseLearnHeartbeat.path, { fileId: f.fileId, page: 1, visible: true }, learner.token);
  }
  const figure = (await list()).records.find((r) => r.id === courseId)?.progress ?? -1;
  await signInBrowser(context, baseURL as string, learner.token);
  await page.goto(`/web/course/view/${courseId}`);
  await expect(page.getByTestId('course-progress')).toContainText(`${figure}%`);
  await noHorizontalScroll(page, '课程详情');
  await settledShot(page, `${SCREENS}/course-detail-${info.project.name}.png`);
});

/**
 * 监考 in the browser: an administrator watches a running exam while a learner of
 * its audience (created through the API for this spec, so no demo learner is disturbed) sits it in
 * a second browser context. The console updates live (SSE) as the learner enters and answers; an
 * added minute reaches the learner's timer; a message pops up in the room; a forced hand-in ends
 * the learner's exam.
 */
import { paperPaperLeave } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { createExamWithQuestions, createLearner, questionIds, startPaper } from '../fixtures/exam-setup';
import { openExamRoom } from '../fixtures/phone';
import { expect as baseExpect, type Page, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 25_000 });
const SHOTS = process.env.INV_SHOTS ?? 'test-results/screens';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let adminToken: string;
let learnerToken: string;
const userName = `inv${Date.now().toString(36)}`;
let examId: string;

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  const learner = await createLearner(request, adminToken, { userName, realName: '监考测试考生' });
  learnerToken = learner.token;
  ({ examId } = await createExamWithQuestions(request, adminToken, {
    paperTitle: 'E2E 监考试卷',
    quIds: await questionIds(request, adminToken, { size: 3 }),
    title: 'E2E 监考考试',
    userIds: [learner.id],
    leaveLimit: 5,
  }));
});

/** Seconds shown by the room's countdown (HH:MM:SS). */
async function timerSeconds(room: Page): Promise<number> {
  const text = (await room.getByTestId('countdown-value').textContent()) ?? '';
  const [h, m, s] = text.trim().split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

async function act(
  console: Page,
  row: ReturnType<Page['getByTestId']>,
  button: string,
  fill: Record<string, string>,
  shot?: string,
) {
  await row.getByRole('button', { name: button }).click();
  const dialog = console
    .locator('.ant-modal')
    .filter({ has: console.locator('.ant-modal-title') })
    .last();
  await expect(dialog).toBeVisible();
  for (const [label, value] of Object.entries(fill)) await dialog.getByLabel(label).fill(value);
  if (shot) await console.screenshot({ path: `${SHOTS}/${shot}` });
  await dialog.getByTestId('inv-action-ok').click();
  await expect(dialog).toBeHidden();
}

test('[ADMIN][INVIGILATE] the console follows a learner live; added time, a message and a forced hand-in reach the room', async ({
  page: console,
  context,
  browser,
  baseURL,
}) => {
  await console.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, adminToken);
  await console.goto(`/admin/exam/exam/invigilate/${examId}`);
  const row = console.getByTestId(`inv-row-${userName}`);
  // The first read waits for a cold server on a busy machine.
  await expect(row.getByTestId('inv-status')).toHaveText('未开始', { timeout: 60_000 });
  await expect(console.getByTestId('inv-live')).toHaveText('实时');
  await expect(console.getByTestId('inv-stats')).toContainText('应考人数1');

  // The learner, in a second browser context, enters the exam.
  const learner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInBrowser(learner, baseURL as string, learnerToken);
  const paperId = await startPaper(learner.request, learnerToken, examId);
  const room = await openExamRoom(learner, paperId);

  // Live, without reloading the console: 考试中, online, 0 of 3.
  await expect(row.getByTestId('inv-status')).toHaveText('考试中');
  await expect(row).toContainText('在线');
  await expect(row.getByTestId('inv-answered')).toHaveText('0 / 3');
  await room.getByTestId('question-1').locator('.ant-radio-wrapper').first().click();
  await expect(room.getByTestId('sync-state')).toContainText('答案已保存');
  await expect(row.getByTestId('inv-answered')).toHaveText('1 / 3');
  await console.screenshot({ path: `${SHOTS}/invigilate-console-1280.png` });

  // An added minute reaches the learner's timer (the room learns the deadline at its next beat).
  const before = await timerSeconds(room);
  await act(console, row, '加时', { 延长分钟数: '1', 操作原因: '考生电脑故障重启' }, 'invigilate-add-time-dialog.png');
  await expect.poll(async () => (await timerSeconds(room)) - before, { timeout: 25_000 }).toBeGreaterThan(40);
  await expect(room.getByText('监考老师已为您延长考试时间 1 分钟')).toBeVisible();
  await room.screenshot({ path: `${SHOTS}/invigilate-room-timer.png` });

  // A message pops up in the room.
  await act(console, row, '消息', { 消息内容: '请不要离开座位' });
  const popup = room.locator('.invigilator-msg');
  await expect(popup).toContainText('请不要离开座位');
  await room.screenshot({ path: `${SHOTS}/invigilate-room-message.png` });
  await popup.getByRole('button', { name: /知道了/ }).click();

  // Leaving the page as often as the exam allows raises an alert on the console.
  for (let i = 0; i < 5; i++) await api(learner.request, paperPaperLeave.path, { paperId, kind: 'blur' }, learnerToken);
  await expect(row.getByTestId('inv-leave')).toHaveText('5');
  await expect(console.getByTestId('inv-alerts')).toContainText('切屏 5 次，已达上限 5 次');
  // 考场动态 logs each leave the 切屏 column counts, with the learner's name.
  const leaves = console.getByTestId('inv-note-leave');
  await expect(leaves).toHaveCount(5);
  await expect(leaves.first()).toContainText('监考测试考生：切屏（第 5 次）');
  await console.getByText('考场动态').scrollIntoViewIfNeeded();
  await console.screenshot({ path: `${SHOTS}/invigilate-console-alert.png`, fullPage: true });

  // A forced hand-in ends the learner's exam.
  await act(console, row, '收卷', { 操作原因: '考试违纪' });
  await expect(room).toHaveURL(new RegExp(`/web/exam/result/${paperId}`), { timeout: 25_000 });
  await expect(row.getByTestId('inv-status')).toHaveText(/已交卷|待阅卷/);
  await expect(console.locator('.invigilate').getByText(/强制收卷：考试违纪/)).toBeVisible();
  await console.screenshot({ path: `${SHOTS}/invigilate-console-after.png`, fullPage: true });
  await learner.close();
});

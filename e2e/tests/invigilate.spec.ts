/**
 * 监考 (issue 13 §1) in the browser: an administrator watches a running exam while a learner of
 * its audience (created through the API for this spec, so no demo learner is disturbed) sits it in
 * a second browser context. The console updates live (SSE) as the learner enters and answers; an
 * added minute reaches the learner's timer; a message pops up in the room; a forced hand-in ends
 * the learner's exam.
 */
import {
  examExamSave,
  paperPaperCreate,
  paperPaperLeave,
  paperTmplSave,
  repoQuPaging,
  repoRepoPaging,
  sysDepartTree,
  sysRoleList,
  sysUserSave,
} from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { expect as baseExpect, type Page, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 25_000 });
const SHOTS = process.env.INV_SHOTS ?? 'test-results/screens';
const BANK = '安全生产知识题库';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let adminToken: string;
let learnerToken: string;
let userName: string;
let examId: string;

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  const roles = await api<{ id: string; code: string }[]>(request, sysRoleList.path, {}, adminToken);
  const depts = await api<{ id: string }[]>(request, sysDepartTree.path, {});
  userName = `inv${Date.now().toString(36)}`;
  const user = await api<{ id: string }>(
    request,
    sysUserSave.path,
    {
      userName,
      realName: '监考测试考生',
      password: 'abc123',
      deptId: depts[0].id,
      roleIds: [roles.find((r) => r.code === 'student')?.id],
    },
    adminToken,
  );
  learnerToken = await apiLogin(request, { userName, password: 'abc123' });
  const repos = await api<{ records: { id: string; title: string }[] }>(
    request,
    repoRepoPaging.path,
    { current: 1, size: 50, params: {} },
    adminToken,
  );
  const repoId = repos.records.find((r) => r.title === BANK)?.id;
  const qus = await api<{ records: { id: string }[] }>(
    request,
    repoQuPaging.path,
    { current: 1, size: 3, params: { repoId, type: 1 } },
    adminToken,
  );
  const tmpl = await api<{ id: string }>(
    request,
    paperTmplSave.path,
    {
      title: 'E2E 监考试卷',
      kind: 1,
      fixedSections: [{ title: '单选题', items: qus.records.map((q) => ({ quId: q.id, score: 10 })) }],
    },
    adminToken,
  );
  const now = Date.now();
  examId = (
    await api<{ id: string }>(
      request,
      examExamSave.path,
      {
        title: 'E2E 监考考试',
        tmplId: tmpl.id,
        openType: 3,
        userIds: [user.id],
        startTime: new Date(now - 3600_000).toISOString(),
        endTime: new Date(now + 86400_000).toISOString(),
        duration: 30,
        passScore: 10,
        tryLimit: 0,
        handMinMinutes: 0,
        lateMinutes: 0,
        leaveLimit: 5,
        state: 1,
      },
      adminToken,
    )
  ).id;
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
  const paperId = (await api<{ paperId: string }>(learner.request, paperPaperCreate.path, { examId }, learnerToken))
    .paperId;
  const room = await learner.newPage();
  await room.addInitScript(() => localStorage.setItem('exam-room-mode', 'all'));
  await room.goto(`/web/exam/start/${paperId}`);
  await expect(room.getByTestId('exam-room')).toBeVisible();

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
  await console.screenshot({ path: `${SHOTS}/invigilate-console-alert.png` });

  // A forced hand-in ends the learner's exam.
  await act(console, row, '收卷', { 操作原因: '考试违纪' });
  await expect(room).toHaveURL(new RegExp(`/web/exam/result/${paperId}`), { timeout: 25_000 });
  await expect(row.getByTestId('inv-status')).toHaveText(/已交卷|待阅卷/);
  await expect(console.locator('.invigilate').getByText(/强制收卷：考试违纪/)).toBeVisible();
  await console.screenshot({ path: `${SHOTS}/invigilate-console-after.png`, fullPage: true });
  await learner.close();
});

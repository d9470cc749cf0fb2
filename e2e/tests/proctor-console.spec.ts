/**
 * 远程监考 on the administrator's screens: the exam form's 远程监考 section saves the setting; the
 * invigilation console shows the risk and flags of a proctored exam, the learners waiting at the door
 * and a learner's timeline with snapshot thumbnails (read with the token as a file); the 监考复核
 * queue opens the same timeline with the review form. The proctoring answers (rows, timeline, images,
 * queue, retention) are the contract's shapes served by `page.route`, so the screens are checked on
 * their own; the exam, the learner and the paper are real.
 */
import {
  examExamDetail,
  examExamSave,
  examProctorAdmit,
  examProctorPause,
  examProctorRetention,
  examProctorRetentionHold,
  examProctorReviewPaging,
  examProctorReviewSave,
  examProctorRows,
  examProctorSnapshotImage,
  examProctorTimeline,
  examProctorWarn,
} from '@exam/contracts';
import { ACCOUNTS, apiLogin, openDialog, signInBrowser } from '../fixtures/api';
import { createExamWithQuestions, createLearner, questionIds, startPaper } from '../fixtures/exam-setup';
import { expect as baseExpect, type Page, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 25_000 });
const SHOTS = process.env.PROCTOR_SHOTS ?? 'test-results/screens';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let adminToken: string;
const userName = `pc${Date.now().toString(36)}`;
let examId: string;
let paperId: string;
let learnerId: string;
let tmplId: string;

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  const learner = await createLearner(request, adminToken, { userName, realName: '监考抓拍考生' });
  learnerId = learner.id;
  ({ examId, tmplId } = await createExamWithQuestions(request, adminToken, {
    paperTitle: 'E2E 远程监考试卷',
    quIds: await questionIds(request, adminToken, { size: 2 }),
    title: 'E2E 远程监考考试',
    userIds: [learner.id],
  }));
  paperId = await startPaper(request, learner.token, examId);
});

const ok = (data: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ code: 0, msg: '操作成功', data }),
});

/** Bodies the page sent to a path, as parsed JSON. */
function recorder(page: Page) {
  const sent: Record<string, unknown[]> = {};
  const serve = async (path: string, answer: (body: any) => unknown) => {
    await page.route(`**${path}`, async (route) => {
      const body = route.request().postDataJSON();
      sent[path] = [...(sent[path] ?? []), body];
      await route.fulfill(ok(answer(body)));
    });
  };
  return { sent, serve };
}

/** A small real JPEG: a face-like drawing encoded by the browser. */
async function jpeg(page: Page, hue: number): Promise<Buffer> {
  const b64 = await page.evaluate((h) => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 240;
    const g = c.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = `hsl(${h}, 30%, 80%)`;
    g.fillRect(0, 0, 320, 240);
    g.fillStyle = '#f1c27d';
    g.beginPath();
    g.arc(160, 110, 60, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#333';
    g.fillRect(130, 95, 12, 8);
    g.fillRect(178, 95, 12, 8);
    g.fillRect(145, 140, 30, 5);
    g.fillStyle = '#555';
    g.fillRect(90, 170, 140, 70);
    return c.toDataURL('image/jpeg', 0.8).split(',')[1];
  }, hue);
  return Buffer.from(b64, 'base64');
}

const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();

function timeline() {
  const base = {
    flag: null,
    snapshotId: null,
    source: null,
    faces: null,
    similarity: null,
    serverChecked: false,
    detail: null,
  };
  return {
    paperId,
    userId: learnerId,
    realName: '监考抓拍考生',
    risk: { score: 72, reasons: ['多次检测到多张人脸（2次）', '离开考试页面 3 次', '第二机位断开 4 分钟'] },
    paused: false,
    secondCameraLost: true,
    review: null,
    // out of order on purpose: the drawer shows the newest last
    items: [
      {
        ...base,
        id: 'i4',
        at: ago(300),
        kind: 'snapshot',
        label: 'faces',
        flag: 'faces',
        snapshotId: 's2',
        source: 'main',
        faces: 2,
        serverChecked: true,
      },
      { ...base, id: 'i1', at: ago(1500), kind: 'door', label: '身份核验通过', similarity: 0.91, serverChecked: true },
      {
        ...base,
        id: 'i2',
        at: ago(1200),
        kind: 'snapshot',
        label: 'random',
        snapshotId: 's1',
        source: 'main',
        faces: 1,
        similarity: 0.88,
      },
      {
        ...base,
        id: 'i3',
        at: ago(900),
        kind: 'snapshot',
        label: 'random',
        snapshotId: 's3',
        source: 'second',
        faces: 1,
      },
      { ...base, id: 'i5', at: ago(240), kind: 'flag', label: 'leave', flag: 'leave', detail: '离开 35 秒' },
      { ...base, id: 'i6', at: ago(200), kind: 'flag', label: 'second-lost', flag: 'second-lost' },
      { ...base, id: 'i7', at: ago(100), kind: 'action', label: 'warn', detail: '请保持面部在画面中' },
    ],
  };
}

test('[ADMIN][PROCTOR] the exam form saves the 远程监考 setting', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, adminToken);
  // Until the server returns the exam's proctor setting its detail answers an error: the form is then
  // given the exam as it was created (the fields the form reads).
  await page.route(`**${examExamDetail.path}`, async (route) => {
    const json = await (await route.fetch()).json();
    if (json.code === 0) return route.fulfill(ok(json.data));
    const now = Date.now();
    await route.fulfill(
      ok({
        id: examId,
        title: 'E2E 远程监考考试',
        tmplId,
        content: null,
        cover: null,
        state: 1,
        openType: 3,
        deptIds: [],
        userIds: [learnerId],
        password: null,
        startTime: new Date(now - 3600_000).toISOString(),
        endTime: new Date(now + 86400_000).toISOString(),
        duration: 30,
        passScore: 10,
        tryLimit: 0,
        cycleType: 0,
        handMinMinutes: 0,
        lateMinutes: 0,
        resultShow: 1,
        reviewAfter: 1,
        fullScreen: false,
        allowFocusMode: true,
        showRank: false,
        leaveLimit: 0,
        noCopy: false,
        shuffleQu: false,
        shuffleOpt: false,
        kindSettings: {},
        totalScore: 20,
        lockedReason: '已有考生开始作答',
      }),
    );
  });
  await page.goto(`/admin/exam/exam/edit/${examId}`);
  const mode = page.getByTestId('exam-proctor-mode');
  await mode.scrollIntoViewIfNeeded();
  await mode.click();
  await page.locator('.ant-select-dropdown:visible').getByText('身份核验 + 随机抓拍 + 第二机位').click();
  await expect(page.getByText('成绩确定后保留的天数，到期自动删除')).toBeVisible();
  await expect(page.getByText(/扫描考试页面上的二维码/)).toBeVisible();
  await page.getByTestId('exam-proctor-min').fill('90');
  await page.getByTestId('exam-proctor-max').fill('60');
  await page.getByTestId('exam-save').click();
  await expect(page.getByText('抓拍最长间隔不能小于最短间隔')).toBeVisible();
  await page.getByText('远程监考', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/proctor-exam-form-invalid.png` });
  await page.getByTestId('exam-proctor-max').fill('150');
  await page.getByTestId('exam-proctor-block').click();
  await page.getByTestId('exam-proctor-retention').fill('60');
  await page.getByText('远程监考', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/proctor-exam-form.png` });
  const save = page.waitForRequest((r) => r.url().endsWith(examExamSave.path));
  await page.getByTestId('exam-save').click();
  expect((await save).postDataJSON().proctor).toEqual({
    mode: 3,
    snapMinSeconds: 90,
    snapMaxSeconds: 150,
    cameraStopBlocks: true,
    retentionDays: 60,
  });
});

test('[ADMIN][PROCTOR] the console shows risk, flags, the waiting learners and the timeline', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, adminToken);
  const { sent, serve } = recorder(page);
  await serve(examProctorRows.path, () => ({
    mode: 3,
    rows: [
      {
        paperId,
        userId: learnerId,
        risk: 72,
        flags: ['faces', 'leave', 'second-lost'],
        lastSnapshotAt: ago(300),
        cameraStopped: false,
        secondCameraLost: true,
        paused: false,
        doorPassed: true,
        admitRequested: false,
      },
    ],
    waiting: [{ userId: 'w1', realName: '王等待', failures: 3, at: ago(60) }],
  }));
  await serve(examProctorTimeline.path, () => timeline());
  await serve(examProctorWarn.path, () => null);
  await serve(examProctorPause.path, (b) => ({ paused: b.paused }));
  await serve(examProctorAdmit.path, () => null);
  await page.goto(`/admin/exam/exam/invigilate/${examId}`);
  const images: Record<string, Buffer> = {
    s1: await jpeg(page, 200),
    s2: await jpeg(page, 20),
    s3: await jpeg(page, 120),
  };
  await page.route(`**${examProctorSnapshotImage.path}`, async (route) => {
    const { snapshotId } = route.request().postDataJSON();
    await route.fulfill({ status: 200, contentType: 'image/jpeg', body: images[snapshotId] });
  });

  const row = page.getByTestId(`inv-row-${userName}`);
  await expect(row.getByTestId('proctor-risk')).toHaveText('72', { timeout: 60_000 });
  await expect(row.getByTestId('proctor-flag-faces')).toHaveText('多张人脸');
  await expect(page.getByTestId('inv-waiting')).toContainText('等待放行（1）');
  await expect(page.getByTestId('inv-waiting')).toContainText('王等待');
  await page.screenshot({ path: `${SHOTS}/proctor-console.png`, fullPage: true });

  // 按标记筛选: a flag nobody has empties the table, one the learner has keeps them
  const filter = page.getByTestId('inv-flag-filter');
  await filter.click();
  await page.locator('.ant-select-dropdown:visible').getByText('人脸不符').click();
  await expect(row).toBeHidden();
  await filter.click();
  await page.locator('.ant-select-dropdown:visible').getByText('离开考试页面').click();
  await expect(row).toBeVisible();

  // 放行
  await page.getByTestId('inv-admit-w1').click();
  const admit = await openDialog(page);
  await admit.getByLabel('放行原因').fill('已电话核实本人身份');
  await admit.getByTestId('inv-action-ok').click();
  await expect(admit).toBeHidden();
  expect(sent[examProctorAdmit.path]).toEqual([{ examId, userId: 'w1', reason: '已电话核实本人身份' }]);

  // 时间线
  await row.getByTestId('inv-timeline').click();
  const drawer = page.getByRole('dialog').filter({ hasText: '监考时间线' });
  await expect(drawer.locator('.ant-drawer-title')).toHaveText('监考时间线 - 监考抓拍考生');
  await expect(drawer.getByTestId('proctor-thumb')).toHaveCount(3);
  await expect(drawer.getByTestId('proctor-reasons')).toContainText('离开考试页面 3 次');
  const lines = await drawer.getByTestId('proctor-item').allInnerTexts();
  expect(lines[0]).toContain('身份核验通过');
  expect(lines.at(-1)).toContain('监考员警告');
  await expect(drawer).toContainText('机位：第二');
  await expect(drawer.getByText('服务器复核')).toHaveCount(2);
  // the images are loaded as object URLs
  await expect
    .poll(() =>
      drawer.locator('img[alt="抓拍"]').evaluateAll((els) => els.map((e) => (e as HTMLImageElement).naturalWidth)),
    )
    .toEqual([320, 320, 320]);
  expect(await drawer.locator('img[alt="抓拍"]').first().getAttribute('src')).toMatch(/^blob:/);
  // once slid in, the drawer ends at the window's edge
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box ? Math.round(box.x + box.width) : null;
    })
    .toBe(1280);
  const overflow = await drawer.locator('.ant-drawer-body').evaluate((e) => e.scrollWidth - e.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/proctor-timeline.png` });
  await drawer.locator('.ant-drawer-body').evaluate((e) => e.scrollTo(0, e.scrollHeight));
  await page.screenshot({ path: `${SHOTS}/proctor-timeline-end.png` });

  // click a thumbnail to enlarge
  await drawer.locator('img[alt="抓拍"]').first().click();
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await page.waitForTimeout(400); // the preview's zoom-in
  await page.screenshot({ path: `${SHOTS}/proctor-snapshot-large.png` });
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview-img')).toBeHidden();

  // 警告 and 暂停作答
  await drawer.getByTestId('proctor-warn').click();
  const warn = await openDialog(page);
  await warn.getByLabel('警告内容').fill('请保持面部在画面中');
  await page.screenshot({ path: `${SHOTS}/proctor-warn.png` });
  await warn.getByTestId('inv-action-ok').click();
  await expect(warn).toBeHidden();
  expect(sent[examProctorWarn.path]).toEqual([{ paperId, content: '请保持面部在画面中' }]);
  await drawer.getByTestId('proctor-pause').click();
  const pause = await openDialog(page);
  await pause.getByLabel('操作原因').fill('画面中出现他人');
  await pause.getByTestId('inv-action-ok').click();
  await expect(pause).toBeHidden();
  expect(sent[examProctorPause.path]).toEqual([{ paperId, paused: true, reason: '画面中出现他人' }]);
});

test('[ADMIN][PROCTOR] the review queue opens the timeline with the review form; retention is held', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInBrowser(context, baseURL as string, adminToken);
  const { sent, serve } = recorder(page);
  const queueRow = {
    paperId,
    examId,
    examTitle: 'E2E 远程监考考试',
    userId: learnerId,
    realName: '监考抓拍考生',
    deptName: '研发部',
    risk: 72,
    reasons: ['多次检测到多张人脸（2次）', '离开考试页面 3 次'],
    snapshots: 14,
    decision: null,
    decisionLabel: null,
    reviewer: null,
    reviewedAt: null,
  };
  await serve(examProctorReviewPaging.path, () => ({
    total: 3,
    records: [
      queueRow,
      { ...queueRow, paperId: 'p2', realName: '李四', risk: 35, reasons: ['未检测到人脸 2 次'], snapshots: 9 },
      {
        ...queueRow,
        paperId: 'p3',
        realName: '赵六',
        risk: 0,
        reasons: [],
        snapshots: 8,
        decision: 1,
        decisionLabel: '无异常',
        reviewer: '管理员',
        reviewedAt: ago(3600),
      },
    ],
  }));
  const retention = {
    examId,
    retentionDays: 30,
    deleteAt: new Date(Date.now() + 20 * 86400_000).toISOString(),
    keepUntil: null,
    holdReason: null,
    snapshots: 1234,
    bytes: 25_300_000,
  };
  await serve(examProctorRetention.path, () => retention);
  await serve(examProctorRetentionHold.path, (b) => ({ ...retention, keepUntil: b.keepUntil, holdReason: b.reason }));
  await serve(examProctorTimeline.path, () => timeline());
  await serve(examProctorReviewSave.path, () => null);
  await page.goto('/admin/exam/proctor-review');
  const img = await jpeg(page, 200);
  await page.route(`**${examProctorSnapshotImage.path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/jpeg', body: img }),
  );
  await expect(page.getByTestId(`proctor-review-row-${paperId}`)).toContainText('监考抓拍考生', { timeout: 60_000 });
  await expect(page.locator('.ant-menu-item-selected, .ant-breadcrumb')).toContainText(['监考复核']);

  // an exam chosen: its retention
  await page.getByTestId('exam-picker').click();
  await page.locator('.ant-select-dropdown:visible').getByText('E2E 远程监考考试').first().click();
  const card = page.getByTestId('proctor-retention');
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await expect(card).toContainText('1234');
  await expect(card).toContainText('24.1 MB');
  expect(sent[examProctorReviewPaging.path].at(-1)).toMatchObject({ params: { examId, reviewed: false } });
  await page.screenshot({ path: `${SHOTS}/proctor-review.png`, fullPage: true });
  await card.getByTestId('proctor-hold').click();
  const hold = await openDialog(page);
  await hold.getByTestId('proctor-hold-date').click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-header-next-btn').click();
  await page.locator('.ant-picker-dropdown:visible td.ant-picker-cell-in-view').filter({ hasText: /^15$/ }).click();
  await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
  await hold.getByLabel('原因').fill('成绩申诉处理中');
  await page.screenshot({ path: `${SHOTS}/proctor-retention-hold.png` });
  await hold.getByRole('button', { name: /确\s*定/ }).click();
  await expect(hold).toBeHidden();
  expect(sent[examProctorRetentionHold.path]?.[0]).toMatchObject({ examId, reason: '成绩申诉处理中' });
  await expect(card).toContainText('成绩申诉处理中');

  // 复核
  await page.getByTestId(`proctor-review-row-${paperId}`).getByTestId('proctor-review-open').click();
  const drawer = page.getByRole('dialog').filter({ hasText: '监考时间线' });
  await expect(drawer.locator('.ant-drawer-title')).toHaveText('监考时间线 - 监考抓拍考生');
  const form = drawer.getByTestId('proctor-review-form');
  await form.getByTestId('proctor-review-save').click();
  await expect(form).toContainText('请选择复核结论');
  await form.getByText('违规警告').click();
  await form.getByLabel('复核理由').fill('第 3 张抓拍中有他人');
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await page.waitForTimeout(300); // the radio's check motion
  await page.screenshot({ path: `${SHOTS}/proctor-review-form.png` });
  await form.getByTestId('proctor-review-save').click();
  await expect(drawer).toBeHidden();
  expect(sent[examProctorReviewSave.path]).toEqual([{ paperId, decision: 2, reason: '第 3 张抓拍中有他人' }]);
});

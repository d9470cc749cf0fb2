/**
 * 远程监考's learner screens with the proctoring API intercepted (page.route): the check page's
 * 远程监考 card (notice, consent, identity check with Chromium's fake camera) and the second camera's
 * phone page, at 390 and 1280 px. Screenshots go to test-results/e2e/proctor-learner/ for a look;
 * the asserts are what must hold whatever the server says. The flows against the real proctoring
 * server are proctor specs of their own.
 */
import {
  examExamCheck,
  examProctorChallenge,
  examProctorChallengeStep,
  examProctorConsent,
  examProctorNotice,
  examProctorRoom,
  examProctorSecondInfo,
  examProctorSecondLink,
  examProctorSecondSnapshot,
  examProctorSnapshot,
  paperPaperDetail,
  type TProctorNotice,
} from '@exam/contracts';
import { chromium, type Page, type Route } from '@playwright/test';
import { ACCOUNTS, apiLogin, signInAs, signInBrowser } from '../fixtures/api';
import { createExamWithQuestions, createLearner, questionIds, startPaper } from '../fixtures/exam-setup';
import { expect, test } from '../fixtures/test';
import { faceVideo } from './face-video';

const DIR = '../test-results/e2e/proctor-learner';
const ok = (route: Route, data: unknown) =>
  route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 0, msg: 'ok', data }) });

const check = {
  id: 'shot-exam',
  title: '2026年度安全生产远程考试',
  cover: null,
  openType: 1,
  startTime: '2026-01-01 08:00:00',
  endTime: '2036-01-01 08:00:00',
  duration: 60,
  totalScore: 100,
  passScore: 60,
  tryLimit: 2,
  cycleType: 0,
  timeState: 1,
  timeStateLabel: '进行中',
  tryCount: 0,
  triesLeft: 2,
  bestScore: null,
  passed: false,
  openPaperId: null,
  content: null,
  quCount: 20,
  needPassword: false,
  handMinMinutes: 0,
  lateMinutes: 0,
  latestEntryTime: null,
  fullScreen: false,
  allowFocusMode: true,
  leaveLimit: 0,
  noCopy: false,
  resultShow: 1,
  reviewAfter: 0,
  proctorMode: 3,
  serverTime: '2026-06-01 08:00:00',
  otherOpenPaper: null,
  canStart: true,
};
const notice: TProctorNotice = {
  examId: 'shot-exam',
  title: check.title,
  mode: 3,
  modeLabel: '身份核验 + 随机抓拍 + 第二机位',
  collected: [
    '入场核验时的人脸画面（核验后即删除，只保留人脸特征值）',
    '考试中摄像头的随机抓拍',
    '第二机位（手机）拍摄的桌面画面',
  ],
  purpose: '核实考生身份，防止替考和作弊',
  retention: '成绩确定后保存30天，到期自动删除',
  viewers: '本场考试的监考员与复核员（每次查看均有记录）',
  version: 'v1',
  consented: false,
  consentedAt: null,
  enrolled: false,
  doorPassed: false,
  doorFailures: 0,
  admitRequested: false,
};

async function interceptCheck(page: Page, steps: { frames: string[]; readings?: unknown[] | null }[]) {
  let state = { ...notice };
  await page.route(`**${examExamCheck.path}`, (r) => ok(r, check));
  await page.route(`**${examProctorNotice.path}`, (r) => ok(r, state));
  await page.route(`**${examProctorConsent.path}`, (r) => {
    state = { ...state, consented: true, consentedAt: '2026-06-01 08:01:00' };
    return ok(r, state);
  });
  await page.route(`**${examProctorChallenge.path}`, (r) =>
    ok(r, {
      challengeId: 'c1',
      steps: ['turn-left', 'blink', 'open-mouth'],
      serverTime: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    }),
  );
  await page.route(`**${examProctorChallengeStep.path}`, (r) => {
    steps.push(r.request().postDataJSON());
    return ok(r, {
      passed: false,
      reason: '未检测到向左转头，请缓慢向左转头',
      done: false,
      over: false,
      nextStep: 0,
      failures: 1,
    });
  });
}

for (const width of [1280, 390]) {
  test(`check page's 远程监考 card at ${width}px`, async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await signInAs(context, baseURL as string, ACCOUNTS.student);
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    const steps: { frames: string[]; readings?: unknown[] | null }[] = [];
    await interceptCheck(page, steps);
    // The browser engine's last model, served by our own server (nothing from the internet).
    const engineFiles = page.waitForResponse((r) => r.url().includes('/face-assets/faceres.bin') && r.ok(), {
      timeout: 60_000,
    });
    await page.goto('/web/exam/check/shot-exam');
    await expect(page.getByText('我已阅读并同意上述监考告知')).toBeVisible();
    await page.getByTestId('exam-agree').check();
    await expect(page.getByTestId('exam-start')).toBeDisabled();
    await expect(page.getByTestId('door-reason')).toContainText('请先阅读并同意监考告知');
    await page.screenshot({ path: `${DIR}/check-notice-${width}.png`, fullPage: true });
    await page.getByText('我已阅读并同意上述监考告知').click();
    await page.getByTestId('proctor-consent').click();
    await expect(page.getByTestId('proctor-consented')).toBeVisible();
    await expect(page.getByTestId('door-reason')).toContainText('请先完成身份核验');
    await expect(page.getByTestId('challenge-start')).toBeEnabled({ timeout: 15_000 }); // the fake camera opened
    await engineFiles;
    await page.waitForTimeout(3000); // the engine compiles its models
    await page.getByTestId('challenge-start').click();
    await expect(page.getByTestId('challenge-action')).toHaveText('请向左转头');
    await page.getByTestId('proctor-door').screenshot({ path: `${DIR}/check-challenge-${width}.png` });
    await expect(page.getByTestId('challenge-reason')).toContainText('未检测到向左转头', { timeout: 60_000 });
    await page.screenshot({ path: `${DIR}/check-step-failed-${width}.png`, fullPage: true });
    // Six JPEG frames, and the engine's readings beside them (the fake camera shows no face: 0 faces).
    expect(steps[0].frames).toHaveLength(6);
    expect(steps[0].frames[0]).toMatch(/^data:image\/jpeg;base64,/);
    console.log('readings of the first step:', JSON.stringify(steps[0].readings));
    expect(steps[0].readings).toHaveLength(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  test(`second camera's phone page at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    const sent: string[] = [];
    await page.route(`**${examProctorSecondInfo.path}`, (r) => {
      const token = (r.request().postDataJSON() as { token: string }).token;
      if (token !== 'good')
        return r.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ code: 10010001, msg: '二维码已失效' }),
        });
      return ok(r, {
        examTitle: check.title,
        realName: '张三',
        intervalSeconds: 20,
        expiresAt: '2036-01-01T00:00:00Z',
      });
    });
    await page.route(`**${examProctorSecondSnapshot.path}`, (r) => {
      sent.push((r.request().postDataJSON() as { image: string }).image);
      return ok(r, { id: 's1', nextInSeconds: 20, paused: false, warning: null });
    });
    await page.goto('/web/proctor/second?token=good');
    await expect(page.getByText('第二机位已连接')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('second-last')).toContainText('最近上传');
    expect(sent.length).toBeGreaterThan(0);
    // A 320 px JPEG within 30 KB.
    expect(sent[0]).toMatch(/^data:image\/jpeg;base64,/);
    expect(((sent[0].length - 23) * 3) / 4).toBeLessThanOrEqual(30 * 1024);
    await page.screenshot({ path: `${DIR}/phone-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.goto('/web/proctor/second?token=old');
    await expect(page.getByText('二维码已失效，请在考试页面重新扫码')).toBeVisible();
    await page.screenshot({ path: `${DIR}/phone-expired-${width}.png`, fullPage: true });
  });
}

test('the browser engine reads a real face beside the frames', async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  // A browser of its own whose camera plays the face video (face-login.spec.ts does the same).
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${faceVideo()}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.student));
    const page = await context.newPage();
    const steps: { frames: string[]; readings?: { faces: number; descriptor?: number[] | null }[] | null }[] = [];
    await interceptCheck(page, steps);
    const engineFiles = page.waitForResponse((r) => r.url().includes('/face-assets/faceres.bin') && r.ok(), {
      timeout: 60_000,
    });
    await page.goto('/web/exam/check/shot-exam');
    await page.getByText('我已阅读并同意上述监考告知').click();
    await page.getByTestId('proctor-consent').click();
    await expect(page.getByTestId('challenge-start')).toBeEnabled({ timeout: 15_000 });
    await engineFiles;
    await page.waitForTimeout(3000);
    await page.getByTestId('challenge-start').click();
    await expect(page.getByTestId('challenge-action')).toHaveText('请向左转头');
    await page.waitForTimeout(1500);
    await page.getByTestId('proctor-door').screenshot({ path: `${DIR}/check-challenge-face-1280.png` });
    await expect(page.getByTestId('challenge-reason')).toBeVisible({ timeout: 90_000 });
    const readings = steps[0].readings ?? [];
    console.log(
      'faces per frame:',
      readings.map((r) => r.faces),
      'descriptor length:',
      readings.find((r) => r.descriptor)?.descriptor?.length,
      'first:',
      JSON.stringify({ ...readings.find((r) => r.faces === 1), descriptor: undefined }),
    );
    expect(readings.filter((r) => r.faces === 1).length).toBeGreaterThan(0);
    expect(readings.find((r) => r.faces === 1)?.descriptor?.length).toBeGreaterThan(100);
  } finally {
    await browser.close();
  }
});

for (const width of [1280, 390]) {
  test(`exam room's proctoring at ${width}px`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await apiLogin(request, ACCOUNTS.admin);
    const learner = await createLearner(request, admin, {
      userName: `proctorshot${width}${Date.now() % 100000}`,
      realName: '抓拍测试',
    });
    const quIds = await questionIds(request, admin, { size: 3 });
    const { examId } = await createExamWithQuestions(request, admin, {
      title: `远程监考抓拍 ${width}`,
      paperTitle: `远程监考抓拍卷 ${width}`,
      quIds,
      userIds: [learner.id],
    });
    const paperId = await startPaper(request, learner.token, examId);
    await signInBrowser(context, baseURL as string, learner.token);
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    // The room's paper as a mode-3 proctored one; the proctoring answers from the test.
    // The room's paper as a mode-3 proctored one (built here: the server of this branch predates the
    // paper detail's proctorMode); the proctoring answers come from the test.
    const now = Date.now();
    await page.route(`**${paperPaperDetail.path}`, (r) =>
      ok(r, {
        id: paperId,
        examId,
        title: `远程监考抓拍 ${width}`,
        state: 0,
        totalScore: 100,
        passScore: 60,
        startTime: new Date(now).toISOString(),
        deadline: new Date(now + 1800_000).toISOString(),
        serverTime: new Date(now).toISOString(),
        earliestHandTime: new Date(now).toISOString(),
        leaveCount: 0,
        leaveLimit: 0,
        fullScreen: false,
        allowFocusMode: true,
        noCopy: false,
        proctorMode: 3,
        questions: [],
      }),
    );
    const shots: { reason: string; image: string; findings: unknown }[] = [];
    await page.route(`**${examProctorRoom.path}`, (r) =>
      ok(r, {
        mode: 3,
        snapMinSeconds: 30,
        snapMaxSeconds: 120,
        cameraStopBlocks: true,
        nextInSeconds: 4,
        paused: false,
        warning: '请保持面部在摄像头画面内',
      }),
    );
    await page.route(`**${examProctorSnapshot.path}`, (r) => {
      shots.push(r.request().postDataJSON());
      return ok(r, { id: 's1', nextInSeconds: 60, paused: true, warning: '请保持面部在摄像头画面内' });
    });
    await page.route(`**${examProctorSecondLink.path}`, (r) =>
      ok(r, { url: 'http://x/web/proctor/second?token=t', qr: QR_PNG, expiresAt: '2036-01-01T00:00:00Z' }),
    );
    await page.goto(`/web/exam/start/${paperId}`);
    await expect(page.getByTestId('proctor-camera')).toBeVisible();
    await expect(page.getByTestId('proctor-warning')).toContainText('监考员提醒：请保持面部在摄像头画面内');
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${DIR}/room-${width}.png` });
    await expect(page.getByTestId('proctor-cover')).toContainText('监考员已暂停你的作答，请等待', { timeout: 15_000 });
    await page.screenshot({ path: `${DIR}/room-paused-${width}.png` });
    expect(shots[0].reason).toBe('random');
    expect(((shots[0].image.length - 23) * 3) / 4).toBeLessThanOrEqual(30 * 1024);
    console.log('room snapshot findings:', JSON.stringify(shots[0].findings).slice(0, 80));
  });
}

/** A small grey PNG standing in for the server's QR code. */
const QR_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgYAAAAAMAAWgmWQ0AAAAASUVORK5CYII=';

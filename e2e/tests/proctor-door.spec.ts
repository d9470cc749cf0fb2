/**
 * 远程监考, the door: on the check page the learner agrees to the notice and passes the identity
 * check (every step 请向左转头: the e2e servers run with FACE_CHALLENGE_ACTIONS=turn-left) with a
 * camera that plays a video of tests/proctor-video.ts. The enrolled man turning left passes; another
 * person, a still picture and a head turning right fail and keep 开始考试 disabled; after three
 * failures the learner asks for 放行 and the invigilator admits them in the console. Without
 * consent neither the page nor the API starts the exam.
 */
import { examProctorNotice, paperPaperCreate } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import type { Learner } from '../fixtures/exam-setup';
import {
  apiRaw,
  cameraBrowser,
  consoleUrl,
  enrolFace,
  learnerContext,
  learners,
  proctoredExam,
  SHOTS,
  setFaceSwitch,
} from '../fixtures/proctor';
import { type APIRequestContext, expect as baseExpect, type Page, test } from '../fixtures/test';
import type { VideoName } from './proctor-video';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let adminToken: string;
let people: Learner[];
let examId: string;
const [MAN, OTHER, STILL, RIGHT, NO_CONSENT] = [0, 1, 2, 3, 4];

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  people = await learners(request, adminToken, 'pd', ['核验本人', '核验他人', '核验静止', '核验右转', '未同意考生']);
  // Every learner's enrolled face is the man of the turnLeft video (the enrolment's challenge through the API).
  await setFaceSwitch(request, true);
  try {
    for (const p of people) await enrolFace(request, p);
  } finally {
    await setFaceSwitch(request, false);
  }
  examId = await proctoredExam(request, adminToken, { title: 'E2E 远程监考入场', learners: people, mode: 1 });
});

const checkButton = (page: Page) => page.getByRole('button', { name: /开始核验|开始身份核验|重新核验|重新开始/ });
const startButton = (page: Page) => page.getByRole('button', { name: /开始考试/ });

/** Opens the check page in a browser whose camera plays `video`, agrees to the notice; answers the page. */
async function openCheck(video: VideoName, who: Learner, baseURL: string, phone = false) {
  const browser = await cameraBrowser(video);
  const context = await learnerContext(browser, baseURL, who.token, phone);
  const page = await context.newPage();
  await page.goto(`/web/exam/check/${examId}`);
  const card = page.locator('.ant-card').filter({ hasText: '远程监考' }).first();
  await expect(card).toBeVisible({ timeout: 60_000 });
  await agreeRules(page);
  return { browser, page, card };
}

/**
 * Ticks the exam rules' promise (every exam's check page has it), so that a disabled 开始考试 is
 * the proctoring door's doing.
 */
async function agreeRules(page: Page) {
  const promise = page.getByRole('checkbox', { name: /我已阅读考试须知/ });
  // The door's part of the page loads apart and can move the box between Playwright's aim and its
  // click (after a reload on a loaded machine): ticking is idempotent, so tick until it holds.
  await expect(async () => {
    await promise.check({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(promise).toBeChecked();
}

async function consent(page: Page) {
  await page.getByRole('checkbox', { name: '我已阅读并同意上述监考告知' }).check();
  await page.getByRole('button', { name: '同意并继续' }).click();
  await expect(page.getByText('身份核验').first()).toBeVisible();
}

/** The server's answer to a face that is not the enrolled one. */
const MISMATCH = /人脸不符|不是本人/;
/** The check's failure as the page shows it (an alert: the action's own words say 转头 too). */
const failure = (page: Page, reason: RegExp) => page.getByRole('alert').filter({ hasText: reason }).first();

/** Runs one identity check on the page and waits for its end (passed or a reason). */
async function runCheck(page: Page) {
  await checkButton(page).click();
  await expect(page.getByText('请向左转头').first()).toBeVisible();
}

test('[WEB][PROCTOR_DOOR] the enrolled man turning left consents, passes the check and starts the exam', async ({
  baseURL,
}) => {
  const { browser, page, card } = await openCheck('turnLeft', people[MAN], baseURL as string);
  try {
    await expect(startButton(page)).toBeDisabled();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/proctor-check-notice-1280.png`, fullPage: true });
    await consent(page);
    await runCheck(page);
    await page.screenshot({ path: `${SHOTS}/proctor-check-action-1280.png`, fullPage: true });
    await expect(page.getByText('身份核验通过')).toBeVisible({ timeout: 90_000 });
    await expect(startButton(page)).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/proctor-check-passed-1280.png`, fullPage: true });
    await startButton(page).click();
    await expect(page).toHaveURL(/\/web\/exam\/start\//, { timeout: 30_000 });
    // mode 1 checks identity at the door only: the room has no camera
    await expect(page.getByTestId('exam-room')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('proctor-camera')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test('[WEB][PROCTOR_DOOR] the check page at 390 px: the notice, the action and the passed check', async ({
  baseURL,
  request,
}) => {
  // A learner of the same exam who has not started: the man again would find his paper open.
  const [phoneLearner] = await learners(request, adminToken, 'pdp', ['手机核验']);
  await setFaceSwitch(request, true);
  try {
    await enrolFace(request, phoneLearner);
  } finally {
    await setFaceSwitch(request, false);
  }
  const phoneExam = await proctoredExam(request, adminToken, {
    title: 'E2E 远程监考手机',
    learners: [phoneLearner],
    mode: 2, // the room at 390 px with its camera preview
  });
  const browser = await cameraBrowser('turnLeft');
  try {
    const context = await learnerContext(browser, baseURL as string, phoneLearner.token, true);
    const page = await context.newPage();
    await page.goto(`/web/exam/check/${phoneExam}`);
    await expect(page.getByText('远程监考').first()).toBeVisible({ timeout: 60_000 });
    await agreeRules(page);
    await page.screenshot({ path: `${SHOTS}/proctor-check-notice-390.png`, fullPage: true });
    await consent(page);
    await runCheck(page);
    await page.screenshot({ path: `${SHOTS}/proctor-check-action-390.png`, fullPage: true });
    await expect(page.getByText('身份核验通过')).toBeVisible({ timeout: 90_000 });
    await page.screenshot({ path: `${SHOTS}/proctor-check-passed-390.png`, fullPage: true });
    await startButton(page).click();
    await expect(page.getByTestId('proctor-camera')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/proctor-room-camera-390.png` });
  } finally {
    await browser.close();
  }
});

// another person's face: the first of the three failures of the 放行 test below
for (const [who, video, reason] of [
  [STILL, 'still', /未检测到向左转头|活体/],
  [RIGHT, 'turnRight', /方向不对/],
] as const)
  test(`[WEB][PROCTOR_DOOR] the ${video} video fails the check and 开始考试 stays disabled`, async ({
    baseURL,
    request,
  }) => {
    const { browser, page } = await openCheck(video, people[who], baseURL as string);
    try {
      await consent(page);
      await runCheck(page);
      await failedAndHeld(page, request, people[who], reason, video);
    } finally {
      await browser.close();
    }
  });

/** The learner's door as the server holds it. */
const doorOf = (request: APIRequestContext, who: Learner) =>
  api<{ doorPassed: boolean; doorFailures: number }>(request, examProctorNotice.path, { examId }, who.token);

/**
 * A failed check as the page and the server hold it: the reason shown, 开始考试 disabled, the
 * failure counted, and the API's start refused too.
 */
async function failedAndHeld(
  page: Page,
  request: APIRequestContext,
  who: Learner,
  reason: RegExp,
  video: VideoName,
): Promise<void> {
  await expect(failure(page, reason)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('身份核验通过')).toHaveCount(0);
  await expect(startButton(page)).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/proctor-check-${video}-1280.png`, fullPage: true });
  const notice = await doorOf(request, who);
  expect(notice.doorPassed).toBe(false);
  expect(notice.doorFailures).toBeGreaterThan(0);
  expect((await apiRaw(request, paperPaperCreate.path, { examId }, who.token)).code).not.toBe(0);
}

test('[WEB][PROCTOR_ADMIT] another person fails the check three times, asks for 放行; the invigilator admits them in the console', async ({
  baseURL,
  request,
  browser: adminBrowser,
}) => {
  const learner = people[OTHER];
  const { browser, page } = await openCheck('otherPerson', learner, baseURL as string);
  try {
    await consent(page);
    await runCheck(page);
    await failedAndHeld(page, request, learner, MISMATCH, 'otherPerson');
    for (let i = 1; i < 3; i++) {
      await expect(checkButton(page)).toBeEnabled({ timeout: 90_000 });
      await runCheck(page);
      // the failures count on the server, whatever the words of each (a frame too dark is one too)
      await expect
        .poll(async () => (await doorOf(request, learner)).doorFailures, { timeout: 90_000 })
        .toBeGreaterThan(i);
    }
    await page.getByRole('button', { name: '请求监考员放行' }).click();
    await expect(startButton(page)).toBeDisabled();

    const admin = await adminBrowser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await signInBrowser(admin, baseURL as string, adminToken);
      const console = await admin.newPage();
      await console.goto(consoleUrl(examId));
      const waiting = console.getByRole('alert').filter({ hasText: '等待放行' });
      await expect(waiting).toContainText(learner.realName, { timeout: 60_000 });
      await waiting
        .getByRole('button', { name: /放\s*行/ })
        .first()
        .click();
      // 放行 asks for a reason (the admit endpoint requires one) in a dialog, if the console has one
      const dialog = console.locator('.ant-modal').filter({ hasText: /放行/ }).last();
      if (
        await dialog.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      ) {
        await dialog.getByLabel(/原因/).fill('本人证件已人工核对');
        await dialog.getByRole('button', { name: /确\s*定|放\s*行/ }).click();
      }
      await expect(waiting).toHaveCount(0);
    } finally {
      await admin.close();
    }

    await page.reload();
    await agreeRules(page);
    await expect(startButton(page)).toBeEnabled({ timeout: 30_000 });
    await startButton(page).click();
    await expect(page).toHaveURL(/\/web\/exam\/start\//, { timeout: 30_000 });
  } finally {
    await browser.close();
  }
});

test('[WEB][PROCTOR_CONSENT] without consent the page keeps 开始考试 disabled and the API refuses the start', async ({
  baseURL,
  request,
  browser,
}) => {
  const learner = people[NO_CONSENT];
  // no check is run: Chromium's own test pattern is camera enough
  const context = await learnerContext(browser, baseURL as string, learner.token);
  try {
    const page = await context.newPage();
    await page.goto(`/web/exam/check/${examId}`);
    await expect(page.locator('.ant-card').filter({ hasText: '远程监考' }).first()).toBeVisible({ timeout: 60_000 });
    await agreeRules(page);
    await expect(page.getByRole('button', { name: '同意并继续' })).toBeVisible();
    await expect(startButton(page)).toBeDisabled();
    const refused = await apiRaw(request, paperPaperCreate.path, { examId }, learner.token);
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toMatch(/监考|告知|同意|核验/);
  } finally {
    await context.close();
  }
});

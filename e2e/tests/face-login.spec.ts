/**
 * Face login in the browser. Chromium's fake camera shows a synthetic pattern, not a
 * face, so with it the enrolment screen and the login dialog must take the frames, send them and
 * show the server's refusal in Chinese. A second group enrols a face through the API and gives the
 * camera a video of that man (proctor-video.ts): turning left he answers the sign-in's challenge
 * and reaches the learner's home; a still picture of him fails the liveness step.
 */
import { sysConfigDetail, sysConfigSave, sysUserReg } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, setRegistration, signInBrowser } from '../fixtures/api';
import type { Learner } from '../fixtures/exam-setup';
import { cameraBrowser, enrolFace } from '../fixtures/proctor';
import { expect, type Page, test } from '../fixtures/test';
import type { VideoName } from './proctor-video';

const SHOTS = process.env.FACE_SHOTS ?? 'test-results/screens';
const USER = { userName: 'facee2e', password: 'face1234', realName: '刷脸测试', mobile: '13977770716' };

async function setFaceSwitch(request: Parameters<typeof api>[0], on: boolean) {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  const site = await api(request, sysConfigDetail.path, {}, admin);
  await api(request, sysConfigSave.path, { ...site, faceLogin: on }, admin);
}

test.describe
  .serial('face login with the fake camera', () => {
    test.beforeAll(async ({ request }) => {
      await setFaceSwitch(request, true);
      await setRegistration(request, true);
      await request.post(sysUserReg.path, { data: USER });
    });
    test.afterAll(async ({ request }) => {
      await setFaceSwitch(request, false);
    });

    test('[WEB][FACE_ENROL] the user centre enrols a face after the password; no face in the picture is refused', async ({
      page,
      request,
      context,
      baseURL,
    }) => {
      await signInBrowser(context, baseURL as string, await apiLogin(request, USER));
      await page.goto('/web/uc?tab=face');
      const panel = page.getByTestId('face-enrol');
      await expect(panel.getByText('未录入')).toBeVisible({ timeout: 30_000 });
      await expect(panel.getByText('不保存照片或视频画面')).toBeVisible();
      await panel.getByRole('button', { name: '录入人脸' }).click();
      await expect(page.getByTestId('face-video')).toBeVisible();
      // no password: refused on the page before anything is sent
      await page.getByRole('button', { name: '开始采集' }).click();
      await expect(page.getByTestId('face-enrol-error')).toContainText('请先输入登录密码以确认本人');
      await page.getByLabel('登录密码').fill(USER.password);
      await page.getByRole('button', { name: '开始采集' }).click();
      await expect(page.getByTestId('face-enrol-error')).toContainText('未检测到人脸', { timeout: 60_000 });
      await expect(panel.getByText('未录入')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/face-enrol-refused.png`, fullPage: true });
    });

    test('[WEB][FACE_LOGIN] the login page offers 刷脸登录 and shows the refusal in Chinese', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: '人脸登录' }).click();
      const dialog = page.getByRole('dialog', { name: '刷脸登录' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('刷脸登录用户名').fill(USER.userName);
      await expect(dialog.getByTestId('face-video')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/face-login-dialog.png` });
      await dialog.getByRole('button', { name: '开始刷脸登录' }).click();
      await expect(dialog.getByTestId('face-login-error')).toContainText('未检测到人脸', { timeout: 60_000 });
      await expect(page).toHaveURL(/\/login/);
      await page.screenshot({ path: `${SHOTS}/face-login-refused.png` });
      // A failed step ends the session: the learner starts a new one (new random actions) at once.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(dialog.getByRole('button', { name: '重新开始' })).toBeInViewport();
      await page.screenshot({ path: `${SHOTS}/face-login-refused-390.png` });
    });

    test('[WEB][FACE_OFF] with the switch off the login page has no face button', async ({ page, request }) => {
      await setFaceSwitch(request, false);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
      await expect(page.getByRole('button', { name: '人脸登录' })).toHaveCount(0);
      await setFaceSwitch(request, true);
    });
  });

test.describe
  .serial('face login with a face in the camera', () => {
    const USER2 = { userName: 'faceok2e', password: 'face1234', realName: '刷脸通过', mobile: '13977770717' };
    let user2: Learner;
    test.beforeAll(async ({ request }) => {
      await setFaceSwitch(request, true);
      await request.post(sysUserReg.path, { data: USER2 });
      const token = await apiLogin(request, USER2);
      user2 = { id: '', userName: USER2.userName, realName: USER2.realName, token };
      // Enrolled through the API: the enrolment's challenge answered with the turnLeft video's frames.
      await enrolFace(request, user2, 'turnLeft', USER2.password);
    });
    test.afterAll(async ({ request }) => {
      await setFaceSwitch(request, false);
    });

    /**
     * Signs in on the login page with a camera that plays `video` (every step of the challenge is
     * 请向左转头: the e2e servers run with FACE_CHALLENGE_ACTIONS=turn-left); answers the page.
     */
    async function faceLogin(video: VideoName, baseURL: string, run: (page: Page) => Promise<void>) {
      const browser = await cameraBrowser(video);
      try {
        const context = await browser.newContext({
          baseURL,
          locale: 'zh-CN',
          timezoneId: 'Asia/Shanghai',
          viewport: { width: 1440, height: 900 },
        });
        const page = await context.newPage();
        await page.goto('/login');
        await page.getByRole('button', { name: '人脸登录' }).click();
        const dialog = page.getByRole('dialog', { name: '刷脸登录' });
        await dialog.getByLabel('刷脸登录用户名').fill(USER2.userName);
        await page.waitForTimeout(1000);
        await dialog.getByRole('button', { name: '开始刷脸登录' }).click();
        await expect(dialog.getByText('请向左转头').first()).toBeVisible({ timeout: 30_000 });
        await run(page);
      } finally {
        await browser.close();
      }
    }

    test('[WEB][FACE_OK] the enrolled man turning left signs in on the login page', async ({ baseURL }) => {
      test.setTimeout(240_000);
      await faceLogin('turnLeft', baseURL as string, async (page) => {
        await page.screenshot({ path: `${SHOTS}/face-login-live.png` });
        await expect(page).toHaveURL(/\/web\//, { timeout: 90_000 });
        await expect(page.getByText(USER2.realName).first()).toBeVisible();
        await expect(page.getByText('加载中...')).toHaveCount(0, { timeout: 30_000 });
        await page.screenshot({ path: `${SHOTS}/face-login-done.png` });
      });
    });

    test('[WEB][FACE_STILL] a still picture of the enrolled man fails the liveness step', async ({ baseURL }) => {
      test.setTimeout(240_000);
      await faceLogin('still', baseURL as string, async (page) => {
        const dialog = page.getByRole('dialog', { name: '刷脸登录' });
        await expect(dialog.getByTestId('face-login-error')).toContainText(/活体|转头|动作|未通过/, {
          timeout: 90_000,
        });
        await expect(page).toHaveURL(/\/login/);
        await page.screenshot({ path: `${SHOTS}/face-login-still.png` });
      });
    });
  });

/**
 * Face login in the browser (issue 16 §3). Chromium's fake camera shows a synthetic pattern, not a
 * face, so with it the enrolment screen and the login dialog must take the frames, send them and
 * show the server's refusal in Chinese. The face sequence that passes is covered by the API test
 * (apps/server/src/modules/system/face/face.api.test.ts).
 */
import { sysConfigDetail, sysConfigSave, sysUserReg } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

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
      await expect(panel.getByText('未录入')).toBeVisible();
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
    });

    test('[WEB][FACE_OFF] with the switch off the login page has no face button', async ({ page, request }) => {
      await setFaceSwitch(request, false);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
      await expect(page.getByRole('button', { name: '人脸登录' })).toHaveCount(0);
      await setFaceSwitch(request, true);
    });
  });

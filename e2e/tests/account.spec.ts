import { sysUserLogin, sysUserReg } from '@exam/contracts';
import { api, setRegistration } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
const PHONE = { width: 390, height: 844 };

test('[WEB][LOGIN_LOCK] five wrong passwords lock this address out of the account, in Chinese', async ({
  page,
  request,
}) => {
  // A learner of its own, so the lock (15 minutes from this address) touches no other test.
  await setRegistration(request, true);
  await api(request, sysUserReg.path, {
    userName: 'locke2e',
    realName: '锁定测试',
    password: 'right123',
    mobile: '13977770001',
  });
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  // Each attempt waits for its answer: a toast of the previous attempt is still on screen, and a
  // click while the button is loading would be lost, leaving one attempt uncounted.
  const submit = async (password: string) => {
    await page.getByPlaceholder('用户名').fill('locke2e');
    await page.getByPlaceholder('密码').fill(password);
    const answered = page.waitForResponse((r) => r.url().endsWith(sysUserLogin.path));
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await answered;
  };
  for (let i = 0; i < 4; i++) {
    await submit(`wrong${i}pass`);
    await expect(page.getByText('用户名或密码错误').last()).toBeVisible();
  }
  await submit('wrong4pass');
  await expect(page.getByText('登录失败次数过多，已暂时锁定，请15分钟后再试').last()).toBeVisible();
  await submit('right123');
  await expect(page).toHaveURL(/\/login/);
  await page.screenshot({ path: `${SCREENS}/account-login-lock-390.png` });
});

test('[WEB][FORGOT_NEUTRAL] send-code does not say whether a mobile is registered', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/forgot');
  await page.getByPlaceholder('手机号码').fill('15912340000');
  await page.getByRole('button', { name: /获取验证码/ }).click();
  await expect(page.getByText('如该手机号已注册，验证码已发送，请注意查收')).toBeVisible();
  await expect(page.getByText('未注册')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/account-forgot-neutral-390.png` });
});

/**
 * Candidates through an exam's link, in Chromium:
 * - at 390 px inside WeChat (a MicroMessenger user agent): the shared link's page carries the exam's
 *   preview meta; the candidate registers with an SMS code, starts, the full-screen exam falls back
 *   to focus mode, answers, hands in, sees the result, gets the exam's certificate (its PDF) and leaves;
 * - at 1280 px: a candidate with the access code sits a plain exam to its result; the organiser's
 *   公开链接 drawer shows the link and its settings.
 * Screenshots under test-results/screens/candidate-*.png.
 */
import { candidateLinkSave, certTmplSave } from '@exam/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { createExam, createTemplate, questionIds } from '../fixtures/exam-setup';
import { noHorizontalScroll } from '../fixtures/phone';
import { expect as baseExpect, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = 'test-results/screens';
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

async function openExam(
  request: APIRequestContext,
  title: string,
  exam: { fullScreen: boolean; cert?: boolean },
  link: { smsVerify: boolean; accessCode?: string },
): Promise<{ examId: string; token: string }> {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  const quIds = await questionIds(request, admin, { size: 2 });
  const tmplId = await createTemplate(request, admin, { title: `${title}试卷`, quIds, score: 50 });
  const examId = await createExam(request, admin, tmplId, {
    title,
    duration: 30,
    // With a certificate every hand-in passes (which option is right is the demo bank's).
    passScore: exam.cert ? 0 : 50,
    fullScreen: exam.fullScreen,
    resultShow: 2,
  } as never);
  const saved = await api<{ token: string }>(
    request,
    candidateLinkSave.path,
    {
      examId,
      enabled: true,
      fields: { name: 2, mobile: 2, idNumber: 0, company: 1, custom: [] },
      smsVerify: link.smsVerify,
      limits: { onePer: 'mobile', cap: 0, invited: [] },
      accessCode: link.accessCode ?? null,
      consentText: '所填信息仅用于本次招聘考试的身份核验与成绩通知',
    },
    admin,
  );
  if (exam.cert)
    await api(
      request,
      certTmplSave.path,
      {
        title: `${title}合格证`,
        orientation: 'landscape',
        prefix: 'HIRE',
        validMonths: 0,
        fields: [
          { kind: 'realName', x: 0.1, y: 0.35, width: 0.8, fontSize: 36, color: '#222222', align: 'center' },
          { kind: 'certNo', x: 0.05, y: 0.85, width: 0.4, fontSize: 12, color: '#666666', align: 'left' },
        ],
        rules: [{ kind: 'exam', refId: examId }],
      },
      admin,
    );
  return { examId, token: saved.token };
}

/** Answers the first question, hands in, and lands on the result page. */
async function sitAndHandIn(page: Page) {
  await page.getByTestId('question-1').locator('.ant-radio-wrapper').first().click();
  await expect(page.getByTestId('sync-state')).toContainText('答案已保存');
  await page.getByTestId('hand-in').click();
  await page.getByRole('button', { name: '确定交卷' }).click();
  await expect(page.getByTestId('result-title')).toBeVisible();
}

test.describe('inside WeChat on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: WECHAT_UA, isMobile: true, hasTouch: true });

  test('[CANDIDATE][WECHAT] a candidate registers with an SMS code, sits in focus mode, hands in and sees the result', async ({
    page,
    request,
  }) => {
    const { token } = await openExam(
      request,
      'E2E 2026 校园招聘笔试',
      { fullScreen: true, cert: true },
      { smsVerify: true },
    );

    // The link as a chat's preview crawler sees it: title and picture in the HTML itself.
    const html = await (await request.get(`/candidate/${token}`)).text();
    expect(html).toContain('<meta property="og:title" content="E2E 2026 校园招聘笔试" />');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/share-exam\.png" \/>/);

    await page.goto(`/candidate/${token}`);
    await expect(page.getByTestId('candidate-title')).toHaveText('E2E 2026 校园招聘笔试');
    await expect(page.getByText('当前在微信/钉钉内打开，将以专注模式作答')).toBeVisible();
    await noHorizontalScroll(page, 'landing');
    await page.screenshot({ path: `${SCREENS}/candidate-wechat-landing.png`, fullPage: true });

    const mobile = '13912340001';
    const form = page.getByTestId('candidate-register');
    await form.getByLabel('姓名').fill('王小明');
    await form.getByLabel('手机号').fill(mobile);
    await page.getByTestId('candidate-send-code').click();
    await expect(page.getByTestId('candidate-send-code')).toContainText('秒后重发');
    const code = (await api<{ code: string | null }>(request, '/api/test/sms-code', { mobile })).code;
    expect(code).toMatch(/^\d{6}$/);
    await form.getByPlaceholder('6位验证码').fill(code as string);
    await page.getByTestId('candidate-consent').click();
    await page.screenshot({ path: `${SCREENS}/candidate-wechat-register.png`, fullPage: true });
    await page.getByTestId('candidate-submit').click();

    await expect(page.getByTestId('candidate-registered')).toContainText('王小明，您已报名成功');
    await page.getByTestId('candidate-start').click();
    // No full screen inside WeChat: the room offers focus mode, as on iPhone.
    await expect(page.getByText('you browser can not work')).toBeVisible();
    await page.getByTestId('enter-focus').click();
    await expect(page.getByTestId('focus-mode')).toBeVisible();
    await expect(page.getByTestId('question-1')).toBeVisible();
    await noHorizontalScroll(page, 'room');
    await page.screenshot({ path: `${SCREENS}/candidate-wechat-room.png` });

    await sitAndHandIn(page);
    await expect(page).toHaveURL(new RegExp(`/candidate/${token}/result/`));
    // No learner pages for a candidate: no exam list, records or wrong-answer book.
    await expect(page.getByRole('button', { name: '错题本' })).toHaveCount(0);
    // The certificate is issued after the hand-in committed (an event): the page shows it on a reload.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('candidate-cert')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('candidate-cert')).toContainText('HIRE-');
    await noHorizontalScroll(page, 'result');
    await page.screenshot({ path: `${SCREENS}/candidate-wechat-result.png`, fullPage: true });
    const download = page.waitForEvent('download');
    await page.getByTestId('candidate-cert-pdf').click();
    expect((await download).suggestedFilename()).toMatch(/^HIRE-\d{4}-\d{6}\.pdf$/);

    await page.getByTestId('candidate-leave').click();
    await expect(page.getByTestId('candidate-register')).toBeVisible();
  });
});

test.describe('on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('[CANDIDATE][DESKTOP] a candidate with the access code sits the exam; the organiser sees the link', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { token } = await openExam(
      request,
      'E2E 安全知识竞赛',
      { fullScreen: false },
      { smsVerify: false, accessCode: 'quiz2026' },
    );
    await page.goto(`/candidate/${token}`);
    await expect(page.getByTestId('candidate-title')).toHaveText('E2E 安全知识竞赛');
    const form = page.getByTestId('candidate-register');
    await form.getByLabel('姓名').fill('李雷');
    await form.getByLabel('手机号').fill('13912340002');
    await form.getByLabel('单位').fill('云帆科技');
    await form.getByLabel('访问码').fill('wrong-code');
    await page.getByTestId('candidate-consent').click();
    await page.getByTestId('candidate-submit').click();
    await expect(page.getByText('访问码错误')).toBeVisible();
    await form.getByLabel('访问码').fill('quiz2026');
    await page.screenshot({ path: `${SCREENS}/candidate-desktop-register.png`, fullPage: true });
    await page.getByTestId('candidate-submit').click();
    await page.getByTestId('candidate-start').click();
    await expect(page.getByTestId('question-1')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/candidate-desktop-room.png` });
    await sitAndHandIn(page);
    await page.screenshot({ path: `${SCREENS}/candidate-desktop-result.png`, fullPage: true });

    // The organiser's side: 考试管理 → 公开链接.
    const admin = await apiLogin(request, ACCOUNTS.admin);
    await context.clearCookies();
    await signInBrowser(context, baseURL as string, admin);
    await page.goto('/admin/exam/exam');
    const row = page.locator('tr', { hasText: 'E2E 安全知识竞赛' });
    await row.getByTestId('exam-open-link').click();
    await expect(page.getByTestId('open-link-url')).toHaveValue(new RegExp(`/candidate/${token}$`));
    await expect(page.getByTestId('open-link-enabled')).toBeChecked();
    await expect(page.getByText('已设置访问码；留空保持不变')).toBeVisible();
    await expect(page.getByText('已报名 1 人')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/candidate-desktop-organiser.png` });
  });
});

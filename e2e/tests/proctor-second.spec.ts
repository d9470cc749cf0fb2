/**
 * 远程监考, the second camera (第二机位): an exam of mode 3. The learner's room shows the link as a QR
 * code; decoded (what a phone camera would open), it opens on an iPhone 14 whose camera plays the
 * man's video; the phone page says 第二机位已连接 and the learner's timeline gains a snapshot of the
 * second camera. An altered token is refused as an expired link.
 */
import { examProctorSecondLink, examProctorTimeline, type TProctorTimeline } from '@exam/contracts';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { type Learner, startPaper } from '../fixtures/exam-setup';
import { openExamRoom } from '../fixtures/phone';
import {
  cameraBrowser,
  consoleUrl,
  enrolFace,
  learnerContext,
  learners,
  passDoor,
  proctoredExam,
  SHOTS,
  setFaceSwitch,
} from '../fixtures/proctor';
import { expect as baseExpect, test } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let adminToken: string;
let learner: Learner;
let examId: string;
let paperId: string;

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  [learner] = await learners(request, adminToken, 'ps', ['第二机位考生']);
  await setFaceSwitch(request, true);
  try {
    await enrolFace(request, learner);
  } finally {
    await setFaceSwitch(request, false);
  }
  examId = await proctoredExam(request, adminToken, {
    title: 'E2E 第二机位',
    learners: [learner],
    mode: 3,
    snapSeconds: 10,
  });
  await passDoor(request, learner, examId);
  paperId = await startPaper(request, learner.token, examId);
});

/** The QR code of a PNG data URL, decoded. */
function decodeQr(dataUrl: string): string {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code in the 第二机位 image');
  return code.data;
}

/** The phone page on this server (the link's host may be the site's configured address). */
const onServer = (url: string) => {
  const u = new URL(url, 'http://x');
  return `${u.pathname}${u.search}`;
};

test('[WEB][PROCTOR_SECOND] the room shows the QR; the phone opens it, connects and its snapshot reaches the timeline', async ({
  baseURL,
  request,
  page: console,
  context,
}) => {
  const browser = await cameraBrowser('turnLeft');
  try {
    const room = await openExamRoom(await learnerContext(browser, baseURL as string, learner.token), paperId);
    await expect(room.getByTestId('proctor-camera')).toBeVisible();
    await room.getByRole('button', { name: '第二机位' }).click();
    const qr = room.getByRole('img', { name: '第二机位二维码' });
    await expect(qr).toBeVisible();
    await room.screenshot({ path: `${SHOTS}/proctor-second-qr-1280.png` });
    const phoneUrl = decodeQr((await qr.getAttribute('src')) ?? '');
    expect(phoneUrl).toContain('/web/proctor/second?token=');

    const phone = await learnerContext(browser, baseURL as string, '', true);
    await phone.clearCookies(); // the phone is not signed in: its token is its only key
    const page = await phone.newPage();
    await page.goto(onServer(phoneUrl));
    await expect(page.getByText('第二机位已连接')).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: `${SHOTS}/proctor-second-phone-390.png`, fullPage: true });

    await expect
      .poll(
        async () => {
          const t = await api<TProctorTimeline>(request, examProctorTimeline.path, { paperId }, adminToken);
          return t.items.some((x) => x.kind === 'snapshot' && x.source === 'second');
        },
        { timeout: 60_000, intervals: [3_000] },
      )
      .toBe(true);

    await console.setViewportSize({ width: 1280, height: 900 });
    await signInBrowser(context, baseURL as string, adminToken);
    await console.goto(consoleUrl(examId));
    const row = console.getByTestId(`inv-row-${learner.userName}`);
    await row.getByRole('button', { name: '时间线' }).click({ timeout: 60_000 });
    const drawer = console.locator('.ant-drawer').filter({ hasText: `监考时间线 - ${learner.realName}` });
    await expect(drawer.getByText('第二机位').first()).toBeVisible();
    await console.screenshot({ path: `${SHOTS}/proctor-second-timeline-1280.png` });
  } finally {
    await browser.close();
  }
});

test('[WEB][PROCTOR_SECOND] an altered token shows the expired link', async ({ page, request }) => {
  const link = await api<{ url: string }>(request, examProctorSecondLink.path, { paperId }, learner.token);
  await page.setViewportSize({ width: 390, height: 844 });
  const url = new URL(onServer(link.url), 'http://x');
  const token = url.searchParams.get('token') ?? '';
  // one character of the signature changed
  const last = token.at(-1) === 'A' ? 'B' : 'A';
  await page.goto(`${url.pathname}?token=${encodeURIComponent(token.slice(0, -1) + last)}`);
  await expect(page.getByText(/失效|过期/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('第二机位已连接')).toHaveCount(0);
});

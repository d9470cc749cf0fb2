/**
 * Live classes on the real media server: nginx-rtmp started by `scripts/live-server.ts`,
 * a wrong key refused by the product's publish callback, ffmpeg pushing a generated test pattern
 * with the room's key, Chromium playing it through hls.js (the video's time advances) at 1280 px
 * and at 390 px, the viewer counted in the statistics, a chat message seen by a second context (and
 * a line with brackets shown as typed), a buffering stall that sends no stop heartbeat,
 * and the replay (remuxed by the product from nginx's recording) playing after the push ends.
 */
import type { ChildProcess } from 'node:child_process';
import {
  LiveState,
  liveLearnBeat,
  liveLearnDetail,
  liveRoomPushDetail,
  liveRoomSave,
  liveStatSummary,
  type TLiveStatSummary,
  type TLiveWatch,
} from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { noHorizontalScroll } from '../fixtures/phone';
import { expect, type Page, test } from '../fixtures/test';
import { exited, pushTestPattern, startMediaServer, stopMediaServer } from './live-media';

const SCREENS = 'test-results/screens';
const TITLE = `安全生产直播课${Date.now() % 100000}`;
let media: ChildProcess | null = null;
let push: ChildProcess | null = null;

test.afterAll(async () => {
  push?.kill('SIGKILL');
  if (media) await stopMediaServer(media);
});

const videoTime = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((v: HTMLVideoElement) => v.currentTime);

/** The video's current time moves on by at least `by` seconds. */
async function advances(page: Page, testId: string, by = 1) {
  await expect.poll(() => videoTime(page, testId), { timeout: 30_000 }).toBeGreaterThan(0);
  const from = await videoTime(page, testId);
  await expect.poll(() => videoTime(page, testId), { timeout: 15_000 }).toBeGreaterThan(from + by);
}

test('[LEARNER][LIVE] push with the key, watch through hls.js at 1280 and 390 px, chat, statistics, replay', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const worker = testInfo.parallelIndex;
  media = await startMediaServer(worker);
  const admin = await apiLogin(request, ACCOUNTS.admin);
  const student = await apiLogin(request, ACCOUNTS.student);
  const wangwu = await apiLogin(request, { userName: 'wangwu', password: 'student123' });
  const now = Date.now();
  const { id } = await api<{ id: string }>(
    request,
    liveRoomSave.path,
    {
      title: TITLE,
      lecturer: '张老师',
      description: '本场直播讲解安全生产规范，欢迎提问。',
      startTime: new Date(now - 60_000).toISOString(),
      endTime: new Date(now + 3_600_000).toISOString(),
      openType: 1,
    },
    admin,
  );
  const { streamKey } = await api<{ streamKey: string }>(request, liveRoomPushDetail.path, { id }, admin);
  const detail = () => api<TLiveWatch>(request, liveLearnDetail.path, { id }, student);

  // A wrong key: the publish callback refuses it and nginx drops the encoder.
  const wrong = pushTestPattern(worker, 'WrongKey12345678');
  expect(await Promise.race([exited(wrong), new Promise((r) => setTimeout(() => r('running'), 15_000))])).not.toBe(0);
  wrong.kill('SIGKILL');
  expect((await detail()).state).toBe(LiveState.UPCOMING);

  push = pushTestPattern(worker, streamKey);
  await expect.poll(async () => (await detail()).state, { timeout: 20_000 }).toBe(LiveState.LIVE);

  // Desktop learner.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInBrowser(desk, baseURL!, student);
  const page = await desk.newPage();
  await page.goto(`/web/live/${id}`);
  await expect(page.getByTestId('live-watch-state')).toHaveText('直播中');
  await advances(page, 'live-video');

  // Phone learner (390 px) in a second context.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signInBrowser(phone, baseURL!, wangwu);
  const small = await phone.newPage();
  await small.goto(`/web/live/${id}`);
  await advances(small, 'live-video');
  await noHorizontalScroll(small, 'live page at 390 px');

  // Chat: the desktop learner asks, the phone learner sees it.
  await page.getByTestId('live-chat-input').fill('老师，安全帽多久更换一次？');
  await page.getByTestId('live-chat-send').click();
  await expect(small.getByTestId('live-chat-list')).toContainText('老师，安全帽多久更换一次？', { timeout: 10_000 });
  // A line shows exactly as typed, brackets and all, and never becomes markup.
  const typed = '1<2 且 <b>加粗</b> &amp;';
  await small.getByTestId('live-chat-input').fill(typed);
  await small.getByTestId('live-chat-send').click();
  for (const p of [page, small]) {
    await expect(p.getByTestId('live-chat-text').last()).toHaveText(typed, { timeout: 10_000 });
    await expect(p.getByTestId('live-chat-list').locator('b')).toHaveCount(0);
  }

  // A buffering stall is not leaving: no stop heartbeat, the 15 s rhythm goes on.
  const beats: { playing: boolean }[] = [];
  small.on('request', (r) => {
    if (r.url().endsWith(liveLearnBeat.path)) beats.push(r.postDataJSON());
  });
  await small.getByTestId('live-video').evaluate(async (v: HTMLVideoElement) => {
    v.dispatchEvent(new Event('waiting'));
    await new Promise((r) => setTimeout(r, 1500)); // a stall of 1.5 s, then the video plays on
    v.dispatchEvent(new Event('playing'));
  });
  await small.waitForRequest((r) => r.url().endsWith(liveLearnBeat.path), { timeout: 20_000 });
  expect(beats.length).toBeGreaterThan(0);
  expect(beats.every((b) => b.playing)).toBe(true);
  await expect(small.getByTestId('live-watched')).toHaveText(/^本场已观看 \d+\.\d 分钟$/);
  await page.screenshot({ path: `${SCREENS}/live-watch-1280.png` });
  await small.screenshot({ path: `${SCREENS}/live-watch-390.png` });

  // Counted in the statistics: both viewers online.
  await expect
    .poll(async () => (await api<TLiveStatSummary>(request, liveStatSummary.path, { liveId: id }, admin)).online, {
      timeout: 20_000,
    })
    .toBe(2);
  const adminCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInBrowser(adminCtx, baseURL!, admin);
  const adminPage = await adminCtx.newPage();
  await adminPage.goto('/admin/live/index');
  await adminPage.getByTestId(`stat-${id}`).click();
  await expect(adminPage.getByTestId('live-stat-summary')).toContainText('当前在线');
  await expect(adminPage.getByTestId('live-timeline')).toBeVisible();
  await expect(adminPage.getByTestId('live-stat-table')).toContainText('张三');
  // minutes with one decimal, never rounded to whole minutes
  await expect(adminPage.getByTestId('live-stat-table').locator('tbody tr').first()).toContainText(/\d\.\d/);
  await adminPage.waitForTimeout(600);
  await adminPage.screenshot({ path: `${SCREENS}/live-stat.png` });

  // The push ends: the room ends, nginx's recording becomes the replay, and it plays.
  push.kill('SIGINT');
  await exited(push);
  push = null;
  await expect.poll(async () => (await detail()).replayUrl, { timeout: 30_000 }).not.toBeNull();
  await expect(page.getByTestId('live-replay')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('live-replay').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await advances(page, 'live-replay', 0.5);
  await page.screenshot({ path: `${SCREENS}/live-replay-1280.png` });
  await Promise.all([desk.close(), phone.close(), adminCtx.close()]);
});

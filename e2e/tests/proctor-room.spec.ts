/**
 * 远程监考, the room: an exam of mode 2 (identity check + random snapshots) every 10 s (the schema's
 * minimum). The learner's room shows the camera; within about 30 s the console's timeline of that
 * learner holds snapshots; learners whose cameras show no face or two faces get the flags 未检测到人脸
 * and 多张人脸 on the console. A learner's token cannot read a timeline. The door is passed through
 * the API here (the door spec drives it on the page).
 */
import { examProctorTimeline, type TProctorTimeline } from '@exam/contracts';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { type Learner, startPaper } from '../fixtures/exam-setup';
import { openExamRoom } from '../fixtures/phone';
import {
  apiRaw,
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
import type { VideoName } from './proctor-video';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let adminToken: string;
let people: Learner[];
let examId: string;
const papers: string[] = [];
const VIDEOS: VideoName[] = ['turnLeft', 'noFace', 'twoFaces'];

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  adminToken = await apiLogin(request, ACCOUNTS.admin);
  people = await learners(request, adminToken, 'pr', ['抓拍本人', '抓拍无人', '抓拍两人']);
  await setFaceSwitch(request, true);
  try {
    for (const p of people) await enrolFace(request, p);
  } finally {
    await setFaceSwitch(request, false);
  }
  examId = await proctoredExam(request, adminToken, {
    title: 'E2E 远程监考抓拍',
    learners: people,
    mode: 2,
    snapSeconds: 10,
  });
  for (const p of people) {
    await passDoor(request, p, examId);
    papers.push(await startPaper(request, p.token, examId));
  }
});

test('[WEB][PROCTOR_ROOM] snapshots reach the console timeline; no face and two faces are flagged', async ({
  baseURL,
  page: console,
  context,
  request,
}) => {
  const browsers = await Promise.all(VIDEOS.map((v) => cameraBrowser(v)));
  try {
    for (const [i, browser] of browsers.entries()) {
      const room = await openExamRoom(await learnerContext(browser, baseURL as string, people[i].token), papers[i]);
      await expect(room.getByTestId('proctor-camera')).toBeVisible();
      if (i === 0) await room.screenshot({ path: `${SHOTS}/proctor-room-1280.png` });
    }

    // The man's snapshots: at least one within ~30 s (one every 10 s).
    await expect
      .poll(
        async () => {
          const t = await api<TProctorTimeline>(request, examProctorTimeline.path, { paperId: papers[0] }, adminToken);
          return t.items.filter((x) => x.kind === 'snapshot').length;
        },
        { timeout: 45_000, intervals: [3_000] },
      )
      .toBeGreaterThan(0);

    await console.setViewportSize({ width: 1280, height: 900 });
    await signInBrowser(context, baseURL as string, adminToken);
    await console.goto(consoleUrl(examId));
    const row = (i: number) => console.getByTestId(`inv-row-${people[i].userName}`);
    await expect(row(0)).toBeVisible({ timeout: 60_000 });
    await expect(row(1)).toContainText('未检测到人脸', { timeout: 45_000 });
    await expect(row(2)).toContainText('多张人脸', { timeout: 45_000 });
    await console.screenshot({ path: `${SHOTS}/proctor-console-flags-1280.png`, fullPage: true });

    await row(0).getByRole('button', { name: '时间线' }).click();
    const drawer = console.locator('.ant-drawer').filter({ hasText: `监考时间线 - ${people[0].realName}` });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('img').first()).toBeVisible();
    await console.screenshot({ path: `${SHOTS}/proctor-timeline-drawer-1280.png` });
  } finally {
    await Promise.all(browsers.map((b) => b.close()));
  }
});

test("[API][PROCTOR_ROOM] a learner's token cannot read a timeline, not even their own", async ({ request }) => {
  for (const paperId of [papers[0], papers[1]]) {
    const refused = await apiRaw(request, examProctorTimeline.path, { paperId }, people[0].token);
    expect(refused.code).not.toBe(0);
    expect(refused.data ?? null).toBeNull();
  }
});

/**
 * The teaching assistant (学习助教) in Chromium against a local OpenAI-compatible server
 * the spec starts itself (apps/server/.../testing/fake-openai.ts, the protocol over a socket),
 * configured through the administrators' API: the invitation only when configured and once per
 * session, a streamed answer with formulas, 停止, and an administrator saving a reviewed AI draft,
 * drafted from pasted text and from an uploaded docx.
 * Screenshots at 1280 and 390 px: test-results/screens/assistant-*.png.
 */
import { assistantConfSave, repoQuPaging, repoRepoList, sysConfigSaveItem, type TAssistantConf } from '@exam/contracts';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { type FakeOpenAi, startFakeOpenAi } from '../../apps/server/src/modules/assistant/testing/fake-openai';
import { ACCOUNTS, api, apiLogin, signInBrowser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

const SCREENS = 'test-results/screens';
let fake: FakeOpenAi;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  fake = await startFakeOpenAi();
});
test.afterAll(async () => fake?.close());

async function configure(request: Parameters<typeof apiLogin>[0], _baseURL: string, over: Partial<TAssistantConf>) {
  const admin = await apiLogin(request, ACCOUNTS.admin);
  // No pathUrl: the built-in assistant is used (an address of this very site is refused).
  await api(request, sysConfigSaveItem.path, { title: 'pathUrl', value: '' }, admin);
  const conf: TAssistantConf = {
    enabled: true,
    baseUrl: fake.baseUrl,
    model: 'qwen-e2e',
    apiKey: 'sk-e2e-key-9876',
    audit: false,
    invite: true,
    dailyTokens: 0,
    perMinute: 60,
    timeoutSeconds: 20,
    ...over,
  };
  await api(request, assistantConfSave.path, conf, admin);
  return admin;
}

test('[LEARNER][ASSISTANT_INVITE] the invitation shows only when an assistant is configured, once per session', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await configure(request, baseURL as string, { enabled: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.lisi));
  await page.goto('/web/index');
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('邀请体验')).toHaveCount(0);
  // switched off, the assistant has no entry: none that opens "尚未启用"
  await expect(page.getByTestId('assistant-entry')).toHaveCount(0);

  await configure(request, baseURL as string, { enabled: true });
  await page.reload();
  await expect(page.getByText('邀请体验')).toBeVisible();
  await expect(page.getByRole('button', { name: '学习助教' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/assistant-invite-1280.png` });
  await page.reload();
  await expect(page.getByTestId('assistant-entry')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('邀请体验')).toHaveCount(0);
});

test('[LEARNER][ASSISTANT_CHAT] the dialog streams an answer with a formula, and 停止 stops the model', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await configure(request, baseURL as string, {});
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBrowser(context, baseURL as string, await apiLogin(request, ACCOUNTS.student));
  await page.goto('/web/index');
  await page.getByTestId('assistant-entry').click();
  const chat = page.getByTestId('assistant-chat');
  await expect(chat).toBeVisible();
  if ((await chat.getByLabel('清空对话').isEnabled()) === true) {
    await chat.getByLabel('清空对话').click();
    await page.getByRole('button', { name: '清空' }).click();
  }
  fake.reply = {
    pieces: [
      '**勾股定理**：直角三角形中',
      '，两直角边的平方和等于斜边的平方：',
      '$$a^2+b^2=c^2$$',
      '\n\n- 例：3、4、5',
    ],
    delayMs: 400,
  };
  await chat.getByLabel('问题').fill('什么是勾股定理？');
  await chat.getByRole('button', { name: /发\s*送/ }).click();
  // The first piece is shown while the rest is still coming.
  await expect(chat.locator('.assistant-md').last()).toContainText('勾股定理');
  await expect(chat.getByRole('button', { name: /停\s*止/ })).toBeVisible();
  await expect(chat.locator('.katex-display')).toBeVisible();
  await expect(chat.getByRole('button', { name: /发\s*送/ })).toBeVisible();
  await expect(chat.locator('.assistant-md strong').last()).toHaveText('勾股定理');
  expect(fake.requests.at(-1)?.body.messages?.at(-1)?.content).toBe('什么是勾股定理？');
  await page.screenshot({ path: `${SCREENS}/assistant-chat-1280.png` });

  fake.reply = { pieces: Array.from({ length: 40 }, (_, i) => `第${i + 1}段。`), delayMs: 300 };
  const cancelled = fake.nextCancel();
  await chat.getByLabel('问题').fill('讲一个很长的故事');
  await chat.getByRole('button', { name: /发\s*送/ }).click();
  await expect(chat.locator('.assistant-md').last()).toContainText('第1段');
  await chat.getByRole('button', { name: /停\s*止/ }).click();
  expect((await cancelled).cancelled).toBe(true);
  await expect(chat.locator('.assistant-md').last()).toContainText('（已停止）');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  // on a phone the entry sits at the foot of the page, over nothing
  const entry = page.getByTestId('assistant-entry');
  await expect(entry).toBeVisible();
  expect(await entry.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
  const main = await page.locator('.web-main').boundingBox();
  expect((await entry.boundingBox())!.y, 'assistant entry below the page').toBeGreaterThanOrEqual(
    main!.y + main!.height - 1,
  );
  await entry.click();
  await expect(page.getByTestId('assistant-chat')).toContainText('什么是勾股定理？');
  await expect(page.locator('.katex-display')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}/assistant-chat-390.png` });
});

test('[ADMIN][ASSISTANT_DRAFT] an administrator reviews, edits and saves a drafted question', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const admin = await configure(request, baseURL as string, {});
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBrowser(context, baseURL as string, admin);
  const repos = await api<{ id: string; title: string }[]>(request, repoRepoList.path, {}, admin);
  const repo = repos[0];
  const stem = `AI草稿题${Date.now()}`;
  fake.reply = {
    pieces: [
      JSON.stringify({
        questions: [
          {
            type: 1,
            level: 1,
            content: `${stem}：安全帽的主要作用是？`,
            analysis: '安全帽用于保护头部。',
            options: [
              { content: '保护头部', isRight: true },
              { content: '装饰', isRight: false },
              { content: '防晒', isRight: false },
            ],
          },
        ],
      }),
    ],
  };
  await page.goto(`/admin/repo/detail/${repo.id}`);
  await page.getByTestId('qu-ai-draft').click();
  const modal = page.locator('.ant-modal:visible');
  await modal.getByLabel('材料').fill('进入施工现场必须佩戴安全帽，安全帽用于保护头部免受坠落物伤害。');
  await modal.getByTestId('qu-ai-generate').click();
  await expect(modal.getByText(`${stem}：安全帽的主要作用是？`)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/assistant-draft-1280.png` });
  // Nothing is saved before the review.
  const before = await api<{ total: number }>(
    request,
    repoQuPaging.path,
    { current: 1, size: 10, params: { keyword: stem } },
    admin,
  );
  expect(before.total).toBe(0);
  await modal.getByTestId('qu-ai-review').click();
  await expect(page).toHaveURL(/qu-edit\/new/);
  await expect(page.getByText(`${stem}：安全帽的主要作用是？`).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/assistant-draft-review-1280.png`, fullPage: true });
  await page.getByTestId('qu-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect
    .poll(async () => {
      const after = await api<{ total: number }>(
        request,
        repoQuPaging.path,
        { current: 1, size: 10, params: { keyword: stem } },
        admin,
      );
      return after.total;
    })
    .toBe(1);
  await configure(request, baseURL as string, { enabled: false });
});

test('[ADMIN][ASSISTANT_DRAFT_DOC] an administrator uploads a small docx, reviews and saves a drafted question', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const admin = await configure(request, baseURL as string, {});
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBrowser(context, baseURL as string, admin);
  const repos = await api<{ id: string; title: string }[]>(request, repoRepoList.path, {}, admin);
  const stem = `文档草稿题${Date.now()}`;
  const docx = await Packer.toBuffer(
    new Document({
      sections: [
        {
          children: ['第三章 消防安全', '发现火情应立即拨打119报警，并使用灭火器扑救初起火灾。'].map(
            (text) => new Paragraph({ children: [new TextRun(text)] }),
          ),
        },
      ],
    }),
  );
  fake.reply = {
    pieces: [
      JSON.stringify({
        questions: [
          {
            type: 1,
            level: 1,
            content: `${stem}：火警电话是？`,
            analysis: '火警电话为119。',
            options: [
              { content: '119', isRight: true },
              { content: '110', isRight: false },
            ],
          },
        ],
      }),
    ],
  };
  await page.goto(`/admin/repo/detail/${repos[0].id}`);
  await page.getByTestId('qu-ai-draft').click();
  const modal = page.locator('.ant-modal:visible');
  await modal
    .locator('input[type=file]')
    .setInputFiles({ name: '消防讲义.docx', mimeType: 'application/octet-stream', buffer: Buffer.from(docx) });
  await expect(modal.getByTestId('qu-ai-doc-note')).toContainText('已读取「消防讲义.docx」');
  await expect(modal.getByLabel('材料')).toHaveValue(/立即拨打119报警/);
  await modal.getByTestId('qu-ai-generate').click();
  await expect(modal.getByText(`${stem}：火警电话是？`)).toBeVisible();
  // The model was given the document's text.
  expect(fake.requests.at(-1)?.body.messages?.at(-1)?.content).toContain('使用灭火器扑救初起火灾');
  await page.screenshot({ path: `${SCREENS}/assistant-draft-doc-1280.png` });
  const count = async () =>
    (
      await api<{ total: number }>(
        request,
        repoQuPaging.path,
        { current: 1, size: 10, params: { keyword: stem } },
        admin,
      )
    ).total;
  expect(await count()).toBe(0);
  await modal.getByTestId('qu-ai-review').click();
  await expect(page).toHaveURL(/qu-edit\/new/);
  await expect(page.getByText(`${stem}：火警电话是？`).first()).toBeVisible();
  await page.getByTestId('qu-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect.poll(count).toBe(1);
  await configure(request, baseURL as string, { enabled: false });
});

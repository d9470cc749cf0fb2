/**
 * An exam link shared to a chat shows the exam's title and picture: the server writes them into
 * the link page's HTML (the preview crawler runs no script); other pages and unknown or
 * switched-off links get the plain page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { candidateLinkSave } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';

const clock = testClock();
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-web-meta-'));
let t: TestApp;
let admin: string;
let tmplId: string;
const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>在线考试培训平台</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ clock, config: { webDistDir: dist } });
  admin = await t.login('admin', 'admin123');
  const bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [bank.single], 50);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function link(enabled: boolean, exam: Record<string, unknown>) {
  const examId = await saveExam(t, admin, tmplId, clock.ms(), exam);
  const saved = await t.request(
    candidateLinkSave,
    {
      examId,
      enabled,
      fields: { name: 2, mobile: 2, idNumber: 0, company: 0, custom: [] },
      smsVerify: false,
      limits: { onePer: 'mobile', cap: 0, invited: [] },
    },
    admin,
  );
  return saved.data?.token as string;
}

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'exam.example.com' } });

describe('the link page’s preview meta', () => {
  it('carries the exam’s title, description and picture as absolute URLs, escaped', async () => {
    const token = await link(true, { title: '2026 校园招聘 <笔试>', content: '请携带身份证\n按时参加', duration: 90 });
    const res = await page(`/candidate/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>2026 校园招聘 &lt;笔试&gt;</title>');
    expect(res.body).toContain('<meta property="og:title" content="2026 校园招聘 &lt;笔试&gt;" />');
    expect(res.body).toContain('<meta property="og:description" content="请携带身份证 按时参加（限时90分钟）" />');
    expect(res.body).toContain('<meta property="og:image" content="http://exam.example.com/share-exam.png" />');
    expect(res.body).toContain(`<meta property="og:url" content="http://exam.example.com/candidate/${token}" />`);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('uses the exam’s cover when it has one', async () => {
    const token = await link(true, { title: '知识竞赛', cover: 'https://cdn.example.com/c.png' });
    expect((await page(`/candidate/${token}`)).body).toContain('content="https://cdn.example.com/c.png"');
  });

  it('gives the plain page to a switched-off or unknown link and to other pages', async () => {
    const off = await link(false, { title: '内部考试不公开' });
    for (const url of [`/candidate/${off}`, '/candidate/unknown-token-123', '/web/index']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });
});

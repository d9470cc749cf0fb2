/**
 * On the real app: a learner reads no key of an exam's questions, nor of a copy of
 * them under another id (same content fingerprint), until the exam's review options allow it —
 * between attempts (abandoned or handed in), before the close, or never.
 */
import {
  bookPaging,
  ErrorCode,
  paperPaperAbandon,
  paperPaperCreate,
  paperPaperHand,
  paperPaperResult,
  ReviewAfter,
  repoQuExport,
  repoQuImport,
  repoQuPaging,
  repoQuSave,
  repoQuView,
  TrainMode,
  trainFavSave,
  trainFavView,
  trainFill,
  trainStart,
} from '@exam/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { elExam, elPaper, elQu, elRepo } from '../../db/schema/index.js';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveExam, saveFixedTmpl, testClock } from '../paper/test-fixtures.js';
import { REVIEW_NOTES } from './paper-result.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let learner: string;
let repoId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  learner = await t.login('wangwu', 'student123');
  // A bank open to practice: outside a lock anyone sees its answers.
  const [repo] = await t.db
    .insert(elRepo)
    .values({ title: '考练两用', practiceEnabled: true })
    .returning({ id: elRepo.id });
  repoId = repo.id;
});
afterAll(async () => t.close());
// A failed test leaves no open paper behind to refuse the next one's.
afterEach(async () => {
  const open = await t.db
    .select({ id: elPaper.id, userId: elPaper.userId })
    .from(elPaper)
    .where(and(eq(elPaper.state, 0)));
  for (const p of open) await t.call(paperPaperAbandon.path, { paperId: p.id }, learner);
});

/** POSTs a multipart form (a file and fields), as the import screen does. */
async function upload(path: string, name: string, body: Buffer, fields: Record<string, string>) {
  const boundary = `----t${Date.now()}`;
  const head = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(head.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    payload,
    headers: { token: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.json();
}

/** A single choice saved through the bank API; `stem`/`options` as typed (markup and spacing vary). */
async function question(
  stem: string,
  options = ['<p>甲</p>', '<p>乙</p>', '<p>丙</p>'],
  analysis = `${stem}的解析钥匙`,
  repo = repoId,
) {
  const res = await t.call(
    repoQuSave.path,
    {
      type: 1,
      content: stem,
      analysis,
      options: options.map((content, i) => ({ content, isRight: i === 1 })),
      repoIds: [repo],
    },
    admin,
  );
  expect(res.code, res.msg).toBe(0);
  return res.data.id as string;
}

const view = async (id: string) => (await t.call(repoQuView.path, { id }, learner)).data;
const keyShown = async (id: string) => {
  const v = await view(id);
  const leaks = JSON.stringify(v).match(/解析钥匙|isRight/g);
  expect(Boolean(leaks), `${id}: answerVisible ${v.answerVisible} but leaks ${leaks}`).toBe(v.answerVisible);
  return v.answerVisible as boolean;
};

async function examOf(quIds: string[], overrides: Record<string, unknown>) {
  const tmplId = await saveFixedTmpl(t, admin, quIds, 10);
  return saveExam(t, admin, tmplId, clock.ms(), { resultShow: 2, passScore: 0, ...overrides });
}

async function attempt(examId: string, end: 'hand' | 'abandon') {
  const created = await t.call(paperPaperCreate.path, { examId }, learner);
  expect(created.code, created.msg).toBe(0);
  const paperId = created.data.paperId as string;
  const done = await t.call(end === 'hand' ? paperPaperHand.path : paperPaperAbandon.path, { paperId }, learner);
  expect(done.code, done.msg).toBe(0);
  return paperId;
}

const result = async (paperId: string) => (await t.call(paperPaperResult.path, { paperId }, learner)).data;

async function closeExam(examId: string) {
  await t.db
    .update(elExam)
    .set({ endTime: new Date(Date.now() - 1000) })
    .where(eq(elExam.id, examId));
}

describe('content fingerprint', () => {
  it('is the same for a copy typed again with other markup, spacing, case and option order', async () => {
    const a = await question('<p>Python 的 <b>列表</b> 是可变的吗？</p>', ['<p>是</p>', '<p>否</p>', '<p>不一定</p>']);
    const b = await question('<div>python的列表&nbsp;是可变的吗？ </div>', ['否', '  不一定', '<span>是</span>']);
    const other = await question('<p>Python 的元组是可变的吗？</p>', ['<p>是</p>', '<p>否</p>', '<p>不一定</p>']);
    const rows = await t.db
      .select({ id: elQu.id, fp: elQu.fingerprint })
      .from(elQu)
      .where(inArray(elQu.id, [a, b, other]));
    const fp = new Map(rows.map((r) => [r.id, r.fp]));
    expect(fp.get(a)).toMatch(/^[0-9a-f]{32}$/);
    expect(fp.get(b)).toBe(fp.get(a));
    expect(fp.get(other)).not.toBe(fp.get(a));
    // A stem that is only a picture counts by the picture's address.
    const fpOf = async (content: string) =>
      (
        await t.db.execute<{ fp: string | null }>(
          sql`select el_qu_fingerprint(${content}, '[]'::jsonb, '{}'::jsonb) as fp`,
        )
      ).rows[0].fp;
    const img = await fpOf('<p><img alt="图" src="/api/common/file/a1"></p>');
    expect(img).toMatch(/^[0-9a-f]{32}$/);
    expect(await fpOf('<p> <img src="/api/common/file/a1" width="20"/></p>')).toBe(img);
    expect(await fpOf('<p><img src="/api/common/file/b2"></p>')).not.toBe(img);
    expect(await fpOf('<p> &nbsp;</p>')).toBeNull();
  });

  it('a copy of a question in the open paper gives no key through qu/view; handing in lifts it (review 1)', async () => {
    const original = await question('<p>副本题：TCP 三次握手的第二步是？</p>');
    const copy = await question(
      '<p>副本题：TCP 三次握手的<em>第二步</em>是？</p>',
      ['甲', '乙', '丙'],
      '另一份解析钥匙',
    );
    expect(await keyShown(copy)).toBe(true);
    const examId = await examOf([original], { reviewAfter: ReviewAfter.IMMEDIATELY });
    const created = await t.call(paperPaperCreate.path, { examId }, learner);
    expect(created.code, created.msg).toBe(0);
    expect(await keyShown(original)).toBe(false);
    expect(await keyShown(copy)).toBe(false);
    await t.call(paperPaperHand.path, { paperId: created.data.paperId }, learner);
    expect(await keyShown(copy)).toBe(true);
  });

  it('an xlsx export imported twice gives two copies, both locked with the original while it is sat', async () => {
    const [source, target] = await t.db
      .insert(elRepo)
      .values([
        { title: '导出源', practiceEnabled: true },
        { title: '导入两次', practiceEnabled: true },
      ])
      .returning({ id: elRepo.id });
    const original = await question('<p>导入题：UDP 是面向连接的吗？</p>', undefined, undefined, source.id);
    const file = await t.app.inject({
      method: 'POST',
      url: repoQuExport.path,
      payload: { repoId: source.id },
      headers: { token: admin },
    });
    for (let i = 0; i < 2; i++) {
      const res = await upload(repoQuImport.path, 'qu.xlsx', file.rawPayload, { repoId: target.id });
      expect(res.data, JSON.stringify(res)).toMatchObject({ imported: 1, errors: [] });
    }
    const page = await t.call(repoQuPaging.path, { current: 1, size: 10, params: { repoId: target.id } }, admin);
    const copies = page.data.records.map((r: { id: string }) => r.id) as string[];
    expect(copies).toHaveLength(2);
    for (const id of copies) expect(await keyShown(id)).toBe(true);
    const examId = await examOf([original], { reviewAfter: ReviewAfter.IMMEDIATELY });
    const created = await t.call(paperPaperCreate.path, { examId }, learner);
    expect(created.code, created.msg).toBe(0);
    for (const id of copies) expect(await keyShown(id)).toBe(false);
    await t.call(paperPaperHand.path, { paperId: created.data.paperId }, learner);
  });
});

describe('review options', () => {
  it('2 最后一次作答后: between attempts (handed in or abandoned) no key, a copy neither; after the last one, all', async () => {
    const q = await question('<p>复考题：HTTP 默认端口是？</p>');
    const copy = await question('<p>复考题：http 默认端口是？</p>');
    const examId = await examOf([q], { tryLimit: 2, reviewAfter: ReviewAfter.LAST_ATTEMPT });
    const first = await attempt(examId, 'hand');
    expect(await keyShown(q)).toBe(false);
    expect(await keyShown(copy)).toBe(false);
    // The favourite view and practice of the copy tell nothing either.
    expect((await t.call(trainFavSave.path, { quId: copy, fav: true }, learner)).code).toBe(0);
    const fav = await t.call(trainFavView.path, { quId: copy }, learner);
    expect(fav.data.answerVisible).toBe(false);
    expect(JSON.stringify(fav.data)).not.toMatch(/解析钥匙|isRight/);
    const train = await t.call(trainStart.path, { repoId, mode: TrainMode.SEQUENTIAL }, learner);
    expect(train.code, train.msg).toBe(0);
    const practise = () => t.call(trainFill.path, { trainId: train.data.trainId, quId: copy, answer: 'B' }, learner);
    // Left out of the session or refused (20010002): never marked right or wrong.
    const held = await practise();
    expect([ErrorCode.EXAM_IN_PROGRESS, ErrorCode.NOT_FOUND]).toContain(held.code);
    expect(JSON.stringify(held)).not.toMatch(/isRight|解析钥匙/);
    const firstResult = await result(first);
    expect(firstResult.showAnswers).toBe(false);
    expect(firstResult.questions).toBeNull();
    expect(firstResult.reviewNote).toBe(REVIEW_NOTES[ReviewAfter.LAST_ATTEMPT]);
    expect(JSON.stringify(firstResult)).not.toMatch(/解析钥匙|isRight|refAnswer/);

    await attempt(examId, 'abandon');
    // The second of two attempts is used: review is allowed.
    expect(await keyShown(q)).toBe(true);
    expect(await keyShown(copy)).toBe(true);
    expect((await t.call(trainFavView.path, { quId: copy }, learner)).data.answerVisible).toBe(true);
    const shown = await result(first);
    expect(shown.showAnswers).toBe(true);
    expect(shown.reviewNote).toBeNull();
  });

  it('2 with unlimited attempts: abandon and re-sit reads no key until the exam closes', async () => {
    const q = await question('<p>无限次：DNS 默认端口是？</p>');
    const examId = await examOf([q], { tryLimit: 0, reviewAfter: ReviewAfter.LAST_ATTEMPT });
    await attempt(examId, 'abandon');
    expect(await keyShown(q)).toBe(false);
    await attempt(examId, 'abandon');
    expect(await keyShown(q)).toBe(false);
    await closeExam(examId);
    expect(await keyShown(q)).toBe(true);
  });

  it('the default is 2: a single-attempt exam shows its answers right after hand-in', async () => {
    const q = await question('<p>默认：SSH 默认端口是？</p>');
    const tmplId = await saveFixedTmpl(t, admin, [q], 10);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), {
      resultShow: 2,
      passScore: 0,
      tryLimit: 1,
      reviewAfter: undefined,
    });
    const [row] = await t.db.select({ r: elExam.reviewAfter }).from(elExam).where(eq(elExam.id, examId));
    expect(row.r).toBe(ReviewAfter.LAST_ATTEMPT);
    const paperId = await attempt(examId, 'hand');
    expect(await keyShown(q)).toBe(true);
    expect((await result(paperId)).showAnswers).toBe(true);
  });

  it('3 考试结束后: held after the only attempt until the close', async () => {
    const q = await question('<p>结束后：SMTP 默认端口是？</p>');
    const examId = await examOf([q], { tryLimit: 1, reviewAfter: ReviewAfter.CLOSED });
    const paperId = await attempt(examId, 'hand');
    await drainEvents(t); // the unanswered question joins the wrong-answer book
    const book = async () =>
      (await t.call(bookPaging.path, { current: 1, size: 10, params: { examId } }, learner)).data.total;
    expect(await keyShown(q)).toBe(false);
    // The book would tell it was wrong: its entry waits for the review too.
    expect(await book()).toBe(0);
    const held = await result(paperId);
    expect(held.showAnswers).toBe(false);
    expect(held.reviewNote).toBe(REVIEW_NOTES[ReviewAfter.CLOSED]);
    await closeExam(examId);
    expect(await keyShown(q)).toBe(true);
    expect((await result(paperId)).showAnswers).toBe(true);
    expect(await book()).toBe(1);
  });

  it('1 交卷后立即: an abandoned attempt shows the keys at once (the teacher chose so)', async () => {
    const q = await question('<p>立即：FTP 默认端口是？</p>');
    const examId = await examOf([q], { tryLimit: 3, reviewAfter: ReviewAfter.IMMEDIATELY });
    await attempt(examId, 'abandon');
    expect(await keyShown(q)).toBe(true);
  });

  it('0 不允许: never, not even after the close; the result says so', async () => {
    const q = await question('<p>不允许：Telnet 默认端口是？</p>');
    const copy = await question('<p>不允许：telnet 默认端口是？</p>');
    const examId = await examOf([q], { tryLimit: 1, reviewAfter: ReviewAfter.NEVER });
    const paperId = await attempt(examId, 'hand');
    await closeExam(examId);
    expect(await keyShown(q)).toBe(false);
    expect(await keyShown(copy)).toBe(false);
    const held = await result(paperId);
    expect(held.showAnswers).toBe(false);
    expect(held.reviewNote).toBe(REVIEW_NOTES[ReviewAfter.NEVER]);
  });

  it('the exam form keeps the setting', async () => {
    const q = await question('<p>保存：POP3 默认端口是？</p>');
    const examId = await examOf([q], { reviewAfter: ReviewAfter.CLOSED });
    const detail = await t.call('/api/exam/exam/detail', { id: examId }, admin);
    expect(detail.data.reviewAfter).toBe(ReviewAfter.CLOSED);
  });
});

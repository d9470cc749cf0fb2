/**
 * Imports have a size and the editor's limits: every format stops at MAX_IMPORT_QUESTIONS before
 * building the questions; a second upload into the same bank while the first is written is
 * refused (a blind retry imported everything twice); a bank of tens of thousands of questions
 * deletes; a question the editor would refuse (nine options, an overlong stem, 21 tags) is
 * reported with the editor's message and never stored. PGlite and PostgreSQL.
 */
import {
  ErrorCode,
  MAX_IMPORT_QUESTIONS,
  QU_IMPORT_PROGRESS_EVENT,
  repoQuImport,
  repoQuPaging,
  repoQuSave,
  repoRepoDelete,
  repoRepoSave,
  type TQuImportProgress,
} from '@exam/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elQu, elRepo, sysUser } from '../../db/schema/index.js';
import { realtimeHub } from '../../platform/realtime/index.js';
import { bigInterchangeFile } from '../../test/big-interchange.js';
import { multipartBody } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { IMPORT_RUNNING } from './import-guard.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => t.close());

async function upload(name: string, body: Buffer | string, fields: Record<string, string>) {
  const { payload, contentType } = multipartBody(fields, { name, body });
  const res = await t.app.inject({
    method: 'POST',
    url: repoQuImport.path,
    payload,
    headers: { 'content-type': contentType, token: admin },
  });
  return res.json();
}
const newRepo = async (title: string) => (await t.call(repoRepoSave.path, { title }, admin)).data.id as string;
const countIn = async (repoId: string) =>
  (await t.call(repoQuPaging.path, { current: 1, size: 10, params: { repoId } }, admin)).data.total as number;
const CAP_MSG = `文件：一次最多导入${MAX_IMPORT_QUESTIONS}道试题，请拆分后分批导入`;

describe('the size of an import', () => {
  const over = MAX_IMPORT_QUESTIONS + 1;
  const gift = Array.from({ length: over }, (_, i) => `::q${i}:: 第${i}题 {=对 ~错}`).join('\n\n');
  const aiken = Array.from({ length: over }, (_, i) => `第${i}题\nA. 对\nB. 错\nANSWER: A`).join('\n\n');
  const moodle = `<?xml version="1.0"?><quiz>${Array.from(
    { length: over },
    (_, i) =>
      `<question type="truefalse"><name><text>q${i}</text></name><questiontext format="html"><text>第${i}题</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>`,
  ).join('')}</quiz>`;

  it.each([
    ['big.gift', gift],
    ['big.txt', aiken],
    ['big.xml', moodle],
  ])('refuses %s of one question over the cap, previewed or imported, and writes nothing', async (name, body) => {
    const repoId = await newRepo(`上限 ${name}`);
    for (const preview of ['true', 'false']) {
      const res = await upload(name, body, { repoId, preview });
      expect(res).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: CAP_MSG });
    }
    expect(await countIn(repoId)).toBe(0);
  });

  it('refuses a second import into the same bank while the first is written; previews and later imports pass', async () => {
    const repoId = await newRepo('重复上传');
    const file = await bigInterchangeFile('gift', 300);
    const [user] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'admin'));
    const later: { second?: Promise<{ code: number; msg: string }>; preview?: Promise<{ code: number }> } = {};
    const stop = realtimeHub.subscribe([`user:${user.id}`], (event) => {
      const p = event.data as TQuImportProgress;
      if (event.type !== QU_IMPORT_PROGRESS_EVENT || p.progressId !== 'first' || later.second) return;
      later.second = upload('again.gift', file, { repoId });
      later.preview = upload('again.gift', file, { repoId, preview: 'true' });
    });
    try {
      const first = await upload('big.gift', file, { repoId, progressId: 'first' });
      expect(first).toMatchObject({ code: 0, data: { imported: 300 } });
    } finally {
      stop();
    }
    expect(later.second).toBeDefined();
    expect(await later.second).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: IMPORT_RUNNING });
    expect((await later.preview)?.code).toBe(0);
    expect(await countIn(repoId)).toBe(300);
    // Once the first is done the bank takes imports again.
    const after = await upload('after.gift', '::x:: 之后的题 {=对 ~错}', { repoId });
    expect(after).toMatchObject({ code: 0, data: { imported: 1 } });
  });

  it('deletes a bank of 70,000 questions with them', async () => {
    const repoId = await newRepo('大题库');
    const n = 70_000;
    // Empty texts: the rows only have to exist (the fingerprint of 70,000 stems took a minute on PGlite).
    await t.db.execute(
      sql`insert into el_qu (id, type, level, content) select 'big-' || g, 3, 1, '' from generate_series(1, ${n}) g`,
    );
    await t.db.execute(
      sql`insert into el_qu_repo (qu_id, repo_id) select 'big-' || g, ${repoId} from generate_series(1, ${n}) g`,
    );
    const res = await t.call(repoRepoDelete.path, { ids: [repoId] }, admin);
    expect(res.code).toBe(0);
    const [bank] = await t.db.select({ deletedAt: elRepo.deletedAt }).from(elRepo).where(eq(elRepo.id, repoId));
    expect(bank.deletedAt).not.toBeNull();
    const [left] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(elQu)
      .where(sql`${elQu.id} like 'big-%' and ${elQu.deletedAt} is null`);
    expect(left.n).toBe(0);
  }, 400_000);
});

describe('the editor’s limits on every import', () => {
  const letters = 'ABCDEFGHIJKL';
  const options = (n: number) => Array.from({ length: n }, (_, i) => `${letters[i]}. 选项${i + 1}`).join('\n');

  /** The editor's message for the same question, from /api/repo/qu/save. */
  async function editorSays(question: Record<string, unknown>) {
    const repoId = await newRepo('编辑器');
    const res = await t.call(repoQuSave.path, { type: 1, content: '题', repoIds: [repoId], ...question }, admin);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    return res.msg;
  }

  it('reports twelve options, an overlong stem and 21 tags with the editor’s messages and stores none of them', async () => {
    const twelve = await editorSays({
      options: Array.from({ length: 12 }, (_, i) => ({ content: `选项${i + 1}`, isRight: i === 0 })),
    });
    expect(twelve).toContain('选项最多8个（A-H）');
    const long = await editorSays({
      content: '长'.repeat(300_000),
      options: [
        { content: '对', isRight: true },
        { content: '错', isRight: false },
      ],
    });
    expect(long).toContain('题目内容过长');
    const tags = await editorSays({
      tags: Array.from({ length: 21 }, (_, i) => `知识点${i}`),
      options: [
        { content: '对', isRight: true },
        { content: '错', isRight: false },
      ],
    });
    expect(tags).toContain('知识点');

    const repoId = await newRepo('导入限制');
    const aiken = `十二个选项\n${options(12)}\nANSWER: A`;
    const gift = `::长题:: ${'长'.repeat(300_000)} {=对 ~错}\n\n::正常:: 正常的题 {=对 ~错}`;
    const moodle = `<?xml version="1.0"?><quiz>
      <question type="multichoice"><name><text>多选</text></name><questiontext format="html"><text>九个答案</text></questiontext>
      <single>false</single>${Array.from({ length: 9 }, (_, i) => `<answer fraction="${i < 2 ? 50 : 0}"><text>答${i}</text></answer>`).join('')}
      </question>
      <question type="truefalse"><name><text>标签</text></name><questiontext format="html"><text>二十一个知识点</text></questiontext>
      <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
      <tags>${Array.from({ length: 21 }, (_, i) => `<tag><text>知识点${i}</text></tag>`).join('')}</tags></question>
    </quiz>`;
    const cases: [string, string, string[]][] = [
      ['twelve.txt', aiken, [twelve]],
      ['long.gift', gift, [long]],
      ['limits.xml', moodle, ['选项最多8个（A-H）', tags]],
    ];
    for (const [name, body, reasons] of cases) {
      const preview = await upload(name, body, { repoId, preview: 'true' });
      expect(preview.code, name).toBe(0);
      expect(preview.data.errors.map((e: { reason: string }) => e.reason).sort(), name).toEqual([...reasons].sort());
      const all = await upload(name, body, { repoId });
      expect(all.data.imported, name).toBe(0);
    }
    expect(await countIn(repoId)).toBe(0);
    // 只导入正确的试题: the valid question of the file goes in, the refused one does not.
    const valid = await upload('long.gift', gift, { repoId, onlyValid: 'true' });
    expect(valid.data).toMatchObject({ imported: 1, total: 2 });
    const stored = await t.db.select({ n: sql<number>`max(length(${elQu.content}))`.mapWith(Number) }).from(elQu);
    expect(stored[0].n).toBeLessThan(300_000);
    expect(await countIn(repoId)).toBe(1);
  }, 240_000);
});

import {
  ErrorCode,
  repoQuBatchCopy,
  repoQuBatchMove,
  repoQuDelete,
  repoQuDetail,
  repoQuExport,
  repoQuImport,
  repoQuImportTemplate,
  repoQuPaging,
  repoQuSave,
  repoQuView,
  repoRepoDelete,
  repoRepoListStat,
  repoRepoPaging,
  repoRepoSave,
  type TQuSave,
} from '@exam/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { QU_TEMPLATE_SAMPLES } from './qu-samples.js';

let t: TestApp;
let admin: string;
let student: string;
let examRepo: string;
let practiceRepo: string;

/** POSTs a multipart form (file + fields) and answers the parsed envelope. */
async function upload(
  path: string,
  file: { name: string; body: Buffer },
  fields: Record<string, string>,
  token: string,
) {
  const boundary = `----t${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    payload: Buffer.concat(parts),
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.json();
}

async function download(path: string, body: unknown, token: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'POST', url: path, payload: body as object, headers: { token } });
  expect(res.headers['content-type']).toContain('spreadsheetml');
  return res.rawPayload;
}

const withRepo = (s: TQuSave, repoId: string): TQuSave => ({ ...structuredClone(s), repoIds: [repoId] });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  const a = await t.call(repoRepoSave.path, { title: '考试题库', code: 'EXAM01' }, admin);
  const b = await t.call(repoRepoSave.path, { title: '练习题库', practiceEnabled: true }, admin);
  examRepo = a.data.id;
  practiceRepo = b.data.id;
});
afterAll(async () => t.close());

describe('demo data', () => {
  it('seeds two banks with about 60 questions of every type', async () => {
    const banks = (await t.call(repoRepoPaging.path, { current: 1, size: 10, params: {} }, admin)).data.records;
    const demo = banks.filter((b: { code: string | null }) => b.code === 'SAFETY' || b.code === 'COMPUTER');
    expect(demo).toHaveLength(2);
    const total = demo.reduce((n: number, b: { quCount: number }) => n + b.quCount, 0);
    expect(total).toBeGreaterThanOrEqual(55);
    const types = new Set(demo.flatMap((b: { byType: Record<string, number> }) => Object.keys(b.byType)));
    expect([...types].sort()).toEqual(['1', '2', '3', '4', '5', '6', '99']);
    expect(demo.find((b: { code: string }) => b.code === 'SAFETY')).toMatchObject({
      practiceEnabled: true,
      categoryTitle: '安全生产',
    });
  });
});

describe('access', () => {
  it('refuses calls without a token and learners on admin paths', async () => {
    expect((await t.call(repoRepoPaging.path, {})).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.call(repoQuView.path, { id: 'x' })).code).toBe(ErrorCode.NOT_LOGIN);
    const calls: [string, object][] = [
      [repoRepoPaging.path, {}],
      [repoRepoSave.path, { title: '学员题库' }],
      [repoRepoDelete.path, { ids: [examRepo] }],
      [repoQuPaging.path, {}],
      [repoQuDetail.path, { id: 'x' }],
      [repoQuSave.path, withRepo(QU_TEMPLATE_SAMPLES[0], examRepo)],
      [repoQuExport.path, {}],
    ];
    for (const [path, body] of calls)
      expect((await t.call(path, body, student)).code, path).toBe(ErrorCode.NO_PERMISSION);
  });

  it('names the bad field', async () => {
    const res = await t.call(repoRepoSave.path, { title: '' }, admin);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toContain('题库名称');
    const qu = await t.call(repoQuSave.path, { ...QU_TEMPLATE_SAMPLES[0], repoIds: [] }, admin);
    expect(qu.code).toBe(ErrorCode.BAD_PARAMS);
    expect(qu.msg).toContain('请至少选择一个题库');
    const dup = await t.call(repoRepoSave.path, { title: '重复', code: 'EXAM01' }, admin);
    expect(dup.code).toBe(ErrorCode.DUPLICATE);
  });
});

describe('questions', () => {
  it('saves every type, refuses broken rules with their message, and counts per type', async () => {
    for (const s of QU_TEMPLATE_SAMPLES) {
      const res = await t.call(repoQuSave.path, withRepo(s, examRepo), admin);
      expect(res.code, res.msg).toBe(0);
    }
    const bad = withRepo(QU_TEMPLATE_SAMPLES[0], examRepo);
    bad.options[0].isRight = true;
    const res = await t.call(repoQuSave.path, bad, admin);
    expect(res).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '单选题必须有且只有一个正确选项' });
    const stat = await t.call(repoRepoListStat.path, { ids: [examRepo] }, admin);
    expect(stat.data[0]).toMatchObject({ total: 7, byType: { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 99: 1 } });
    const paging = await t.call(repoRepoPaging.path, { current: 1, size: 10 }, admin);
    expect(paging.data.records.find((r: { id: string }) => r.id === examRepo).quCount).toBe(7);
  });

  it('filters the paging by bank, type, level, tag and keyword', async () => {
    const page = (params: object) => t.call(repoQuPaging.path, { current: 1, size: 50, params }, admin);
    expect((await page({ repoId: examRepo })).data.total).toBe(7);
    expect((await page({ repoId: examRepo, type: 5 })).data.records[0].summary).toContain('____');
    expect((await page({ repoId: examRepo, level: 2 })).data.total).toBe(3);
    expect((await page({ repoId: examRepo, tag: '安全生产' })).data.total).toBe(2);
    expect((await page({ repoId: examRepo, keyword: '首都' })).data.total).toBe(2);
  });

  it('edits a composite: children kept by id, removed ones dropped', async () => {
    const list = await t.call(
      repoQuPaging.path,
      { current: 1, size: 50, params: { repoId: examRepo, type: 99 } },
      admin,
    );
    const detail = (await t.call(repoQuDetail.path, { id: list.data.records[0].id }, admin)).data;
    expect(detail.children).toHaveLength(2);
    // The list counts a composite's parts (the subquery names the outer row, not its own alias).
    expect(list.data.records[0].childCount).toBe(2);
    const save = await t.call(repoQuSave.path, { ...detail, children: [detail.children[1]] }, admin);
    expect(save.code, save.msg).toBe(0);
    const after = (await t.call(repoQuDetail.path, { id: detail.id }, admin)).data;
    expect(after.children.map((c: { id: string }) => c.id)).toEqual([detail.children[1].id]);
  });

  it('copies, moves and deletes in batch', async () => {
    const ids = (
      await t.call(repoQuPaging.path, { current: 1, size: 2, params: { repoId: examRepo } }, admin)
    ).data.records.map((r: { id: string }) => r.id);
    expect((await t.call(repoQuBatchCopy.path, { ids, toRepoId: practiceRepo }, admin)).data.count).toBe(2);
    const detail = (await t.call(repoQuDetail.path, { id: ids[0] }, admin)).data;
    expect(detail.repoIds.sort()).toEqual([examRepo, practiceRepo].sort());
    await t.call(repoQuBatchMove.path, { ids: [ids[0]], fromRepoId: practiceRepo, toRepoId: examRepo }, admin);
    expect((await t.call(repoQuDetail.path, { id: ids[0] }, admin)).data.repoIds).toEqual([examRepo]);
    expect((await t.call(repoQuDelete.path, { ids: [ids[1]] }, admin)).code).toBe(0);
    expect((await t.call(repoQuDetail.path, { id: ids[1] }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('learner view', () => {
  it('hides answers of a non-practice bank and shows them for a practice bank', async () => {
    const exam = await t.call(repoQuSave.path, withRepo(QU_TEMPLATE_SAMPLES[5], examRepo), admin);
    const view = await t.call(repoQuView.path, { id: exam.data.id }, student);
    expect(view.code).toBe(0);
    expect(view.data.answerVisible).toBe(false);
    expect(view.data.question.answer).toBeUndefined();
    expect(view.data.question.analysis).toBeUndefined();
    expect(view.data.question.matching.left).toHaveLength(3);
    expect(JSON.stringify(view.data)).not.toMatch(/isRight|pairs/);

    const practice = await t.call(repoQuSave.path, withRepo(QU_TEMPLATE_SAMPLES[0], practiceRepo), admin);
    const open = await t.call(repoQuView.path, { id: practice.data.id }, student);
    expect(open.data.answerVisible).toBe(true);
    expect(open.data.question.options.find((o: { isRight?: boolean }) => o.isRight).key).toBe('B');
    expect(open.data.question.analysis).toContain('首都');
  });
});

describe('import and export', () => {
  it('serves a template covering every type', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(repoQuImportTemplate.path, {}, admin)) as unknown as ArrayBuffer);
    const types = new Set<string>();
    wb.worksheets[0].eachRow((row, r) => {
      if (r > 1) types.add(String(row.getCell(3).value));
    });
    expect([...types].sort()).toEqual(['判断题', '单选题', '多选题', '匹配题', '填空题', '简答题', '组合题'].sort());
  });

  it('exports then imports the same questions', async () => {
    const before = (await t.call(repoQuPaging.path, { current: 1, size: 50, params: { repoId: examRepo } }, admin))
      .data;
    const file = await download(repoQuExport.path, { repoId: examRepo }, admin);
    const copy = (await t.call(repoRepoSave.path, { title: '导入副本' }, admin)).data.id;
    const res = await upload(repoQuImport.path, { name: 'qu.xlsx', body: file }, { repoId: copy }, admin);
    expect(res.data).toMatchObject({ total: before.total, imported: before.total, errors: [] });
    const strip = async (repoId: string) => {
      const ids = (
        await t.call(repoQuPaging.path, { current: 1, size: 50, params: { repoId } }, admin)
      ).data.records.map((r: { id: string }) => r.id);
      const out = [];
      for (const id of ids) {
        const { type, level, content, analysis, options, answer, tags, children } = (
          await t.call(repoQuDetail.path, { id }, admin)
        ).data;
        out.push({
          type,
          level,
          content,
          analysis,
          options,
          answer,
          tags,
          children: children.map(({ id: _i, ...c }: { id: string }) => c),
        });
      }
      return out;
    };
    expect(await strip(copy)).toEqual(await strip(examRepo));
  });

  it('imports nothing when a row is wrong, unless asked for the valid rows only', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(repoQuImportTemplate.path, {}, admin)) as unknown as ArrayBuffer);
    wb.worksheets[0].getRow(2).getCell(15).value = 'Z';
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    const target = (await t.call(repoRepoSave.path, { title: '导入目标' }, admin)).data.id;
    const res = await upload(repoQuImport.path, { name: 'bad.xlsx', body }, { repoId: target }, admin);
    // Nothing written is never 操作成功: the answer says why and what to do, with the report.
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toMatch(
      /^未导入任何试题：发现 2 处错误，第一处 第2行「答案」：.*勾选“只导入正确的试题”导入其余 6 道$/,
    );
    expect(res.data).toMatchObject({ total: 7, valid: 6, imported: 0 });
    expect(res.data.errors[0]).toMatchObject({ row: 2, column: '答案' });
    const count = async () => (await t.call(repoRepoListStat.path, { ids: [target] }, admin)).data[0].total;
    expect(await count()).toBe(0);
    const partial = await upload(
      repoQuImport.path,
      { name: 'bad.xlsx', body },
      { repoId: target, onlyValid: 'true' },
      admin,
    );
    expect(partial.data).toMatchObject({ total: 7, imported: 6 });
    expect(await count()).toBe(6);
    const learner = await upload(repoQuImport.path, { name: 'bad.xlsx', body }, { repoId: target }, student);
    expect(learner.code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('deletes a bank and the questions only it held', async () => {
    const repo = (await t.call(repoRepoSave.path, { title: '临时题库' }, admin)).data.id;
    const q = (await t.call(repoQuSave.path, withRepo(QU_TEMPLATE_SAMPLES[1], repo), admin)).data.id;
    expect((await t.call(repoRepoDelete.path, { ids: [repo] }, admin)).code).toBe(0);
    expect((await t.call(repoQuDetail.path, { id: q }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

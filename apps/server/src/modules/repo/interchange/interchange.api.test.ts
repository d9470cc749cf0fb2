/**
 * Question interchange on the real app and database (PGlite, and PostgreSQL in the server-pg project): the
 * import preview writes nothing, a confirmed import is all or nothing, a truncated XML file is
 * refused naming its line, one bad item among good ones imports none, images are stored through
 * the storage port, duplicates are flagged, every export format reads back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ErrorCode,
  QU_IMPORT_PROGRESS_EVENT,
  repoQuDetail,
  repoQuExport,
  repoQuPaging,
  repoRepoSave,
  sysConfigDetail,
  type TQuImportProgress,
} from '@exam/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elQu, elRepo, sysUser } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { realtimeHub } from '../../../platform/realtime/index.js';
import { LocalBlobStore } from '../../../platform/storage/local-blob-store.js';
import { bigInterchangeFile } from '../../../test/big-interchange.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { storedBytes } from '../../system/file/file.service.js';
import { docxColumnOf } from '../qu-docx.js';
import { type CheckedItem, checkItems, importChecked } from '../qu-import.js';
import { readGift } from './formats/gift.js';
import { readQti } from './formats/qti-package.js';
import { storeImages } from './import.js';
import { itemsOf } from './read.js';
import { manifest, qtiFixture, qtiPackage } from './test/qti-fixtures.js';
import { uploadQuestions } from './test/upload.js';

const fixture = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name));

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => t.close());

const upload = (name: string, body: Buffer, fields: Record<string, string>) =>
  uploadQuestions(t, admin, name, body, fields);

const newRepo = async (title: string) => (await t.call(repoRepoSave.path, { title }, admin)).data.id as string;
const countIn = async (repoId: string) =>
  (await t.call(repoQuPaging.path, { current: 1, size: 100, params: { repoId } }, admin)).data.total as number;

describe('question import', () => {
  it('previews a GIFT file without writing, then imports it; a second preview flags duplicates', async () => {
    const repoId = await newRepo('GIFT 导入');
    const gift = fixture('moodle-doc.gift');
    const preview = await upload('bank.txt', gift, { repoId, preview: 'true' });
    expect(preview.code).toBe(0);
    expect(preview.data).toMatchObject({ total: 13, imported: 0, errors: [], duplicates: [] });
    expect(preview.data.byType).toEqual({ '1': 4, '2': 1, '3': 2, '4': 1, '5': 4, '6': 1 });
    expect(preview.data.skipped.map((s: { place: string }) => s.place)).toEqual(['第39行']);
    expect(await countIn(repoId)).toBe(0);

    const done = await upload('bank.txt', gift, { repoId, format: 'gift' });
    expect(done.data).toMatchObject({ total: 13, imported: 13, errors: [] });
    expect(await countIn(repoId)).toBe(13);

    const again = await upload('bank.txt', gift, { repoId, preview: 'true' });
    expect(again.data.duplicates).toHaveLength(13);
    expect(again.data.duplicates[0]).toEqual({ place: '第4行（Q1）', reason: '题库中已有相同的试题' });
  });

  it('imports Moodle XML with its image stored through the storage port', async () => {
    const repoId = await newRepo('Moodle 导入');
    const res = await upload('moodle.xml', fixture('moodle-doc.xml'), { repoId });
    expect(res.data).toMatchObject({ total: 11, imported: 11, errors: [] });
    expect(res.data.byType['99']).toBe(1);
    const page = await t.call(repoQuPaging.path, { current: 1, size: 50, params: { repoId, keyword: '标志' } }, admin);
    const detail = (await t.call(repoQuDetail.path, { id: page.data.records[0].id }, admin)).data;
    const src = /<img src="(\/api\/common\/file\/[A-Za-z0-9_-]+)"/.exec(detail.content)?.[1];
    expect(src).toBeTruthy();
    const file = await t.app.inject({ method: 'GET', url: src as string, headers: { token: admin } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(detail.tags).toEqual(expect.arrayContaining(['标志', '安全/机械']));
  });

  it('refuses a truncated XML file naming its line, and writes nothing', async () => {
    const repoId = await newRepo('截断');
    const xml = fixture('moodle-doc.xml');
    const res = await upload('cut.xml', xml.subarray(0, 1500), { repoId, format: 'moodle-xml' });
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toMatch(/XML 格式错误（第\d+行/);
    expect(await countIn(repoId)).toBe(0);
  });

  it('imports nothing when one item among good ones breaks the rules, and names its place', async () => {
    const repoId = await newRepo('一题有误');
    const bad = fixture('moodle-doc.xml')
      .toString()
      .replace(
        '<answer fraction="50"><text>太阳能</text></answer>',
        '<answer fraction="0"><text>太阳能</text></answer>',
      )
      .replace('<answer fraction="50"><text>风能</text></answer>', '<answer fraction="0"><text>风能</text></answer>');
    const res = await upload('bad.xml', Buffer.from(bad), { repoId });
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.data.imported).toBe(0);
    expect(res.data.errors).toEqual([
      { row: 2, column: '选项', reason: '多选题至少需要一个正确选项', place: 'quiz/question[3]（多选）' },
    ]);
    expect(await countIn(repoId)).toBe(0);
  });

  it('skips an Aiken question without an answer, with its line', async () => {
    const repoId = await newRepo('Aiken');
    const res = await upload('a.txt', fixture('moodle-doc.aiken'), { repoId });
    expect(res.data).toMatchObject({ total: 2, imported: 2, byType: { '1': 2 } });
    expect(res.data.skipped).toHaveLength(2);
  });

  it('exports every format; GIFT and Moodle XML read back as the questions they can hold', async () => {
    const from = await newRepo('导出源');
    await upload('moodle.xml', fixture('moodle-doc.xml'), { repoId: from });
    for (const format of ['moodle-xml', 'gift', 'docx', 'qti'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: repoQuExport.path,
        payload: { repoId: from, format },
        headers: { token: admin },
      });
      expect(res.statusCode, format).toBe(200);
      const to = await newRepo(`导入-${format}`);
      const back = await upload(`x.${{ docx: 'docx', qti: 'zip' }[format as string] ?? 'txt'}`, res.rawPayload, {
        repoId: to,
      });
      expect(back.data.errors, format).toEqual([]);
      expect(back.data.imported + back.data.skipped.length, format).toBeGreaterThanOrEqual(10);
    }
  });
});

describe('IMS QTI import', () => {
  it('previews a QTI package without writing, then imports it with its packaged image', async () => {
    const repoId = await newRepo('QTI 导入');
    const zip = qtiPackage();
    const preview = await upload('qti.zip', zip, { repoId, preview: 'true' });
    expect(preview.code).toBe(0);
    expect(preview.data).toMatchObject({ total: 8, imported: 0, errors: [] });
    expect(preview.data.byType).toEqual({ '1': 2, '2': 1, '4': 1, '5': 1, '6': 2, '7': 1 });
    expect(preview.data.skipped.map((s: { place: string }) => s.place)).toEqual([
      'items/slider.xml（slider）',
      'items/missing.xml',
    ]);
    expect(await countIn(repoId)).toBe(0);

    const done = await upload('qti.zip', zip, { repoId, format: 'qti' });
    expect(done.data).toMatchObject({ total: 8, imported: 8, errors: [] });
    expect(await countIn(repoId)).toBe(8);
    const page = await t.call(
      repoQuPaging.path,
      { current: 1, size: 50, params: { repoId, keyword: 'picture' } },
      admin,
    );
    const detail = (await t.call(repoQuDetail.path, { id: page.data.records[0].id }, admin)).data;
    const src = /<img[^>]* src="(\/api\/common\/file\/[A-Za-z0-9_-]+)"/.exec(detail.content)?.[1];
    expect(src).toBeTruthy();
    const file = await t.app.inject({ method: 'GET', url: src as string, headers: { token: admin } });
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses a truncated QTI item naming its line, and a package whose one item breaks the rules imports nothing', async () => {
    const repoId = await newRepo('QTI 有误');
    const cut = await upload('item.xml', qtiFixture('choice.xml').subarray(0, 600), { repoId, format: 'qti' });
    expect(cut.code).toBe(ErrorCode.BAD_PARAMS);
    expect(cut.msg).toMatch(/XML 格式错误（第\d+行/);
    const bad = qtiFixture('choice-multiple.xml')
      .toString()
      .replace('<value>H</value><value>O</value>', '')
      .replace(/mappedValue="1"/g, 'mappedValue="0"');
    const zip = Buffer.from(
      zipSync({
        'imsmanifest.xml': Buffer.from(manifest(['a.xml', 'b.xml'])),
        'a.xml': qtiFixture('order.xml'),
        'b.xml': Buffer.from(bad),
      }),
    );
    const res = await upload('qti.zip', zip, { repoId });
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.data.imported).toBe(0);
    expect(res.data.errors).toEqual([
      { row: 2, column: '选项', reason: '多选题至少需要一个正确选项', place: 'b.xml（choiceMultiple）' },
    ]);
    expect(await countIn(repoId)).toBe(0);
  });
});

describe('images an import stored', () => {
  it('are deleted, rows and blobs, when the import transaction fails; a preview stores none', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-images-'));
    const blobs = new LocalBlobStore(dir);
    const filesIn = () =>
      (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
    const [user] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'admin'));
    const repoId = await newRepo('图片回滚');
    const read = itemsOf(await readQti(qtiPackage()));
    const options = (db: Db, preview: boolean) => ({
      repoIds: [repoId],
      onlyValid: false,
      userId: user.id,
      preview,
      prepare: (valid: CheckedItem[]) =>
        storeImages(db, valid, read.images, { blobs, userId: user.id, quotaBytes: 1e9, now: new Date() }),
    });
    const before = await storedBytes(t.db, user.id);

    await importChecked(t.db, checkItems(read.items, docxColumnOf), options(t.db, true));
    expect(filesIn()).toEqual([]);

    // The image's own upload commits (first transaction); the questions' insert (second) fails.
    let transactions = 0;
    const failing = Object.create(t.db) as Db;
    failing.transaction = ((fn: never) =>
      ++transactions === 2 ? Promise.reject(new Error('写入失败')) : t.db.transaction(fn)) as Db['transaction'];
    await expect(importChecked(failing, checkItems(read.items, docxColumnOf), options(failing, false))).rejects.toThrow(
      '写入失败',
    );
    expect(transactions).toBe(2);
    expect(filesIn()).toEqual([]);
    expect(await storedBytes(t.db, user.id)).toBe(before);
    expect(await countIn(repoId)).toBe(0);
  });
});

describe('categories as target banks (category=bank)', () => {
  it('previews the bank per category, then imports into it (created once, found after)', async () => {
    const chosen = await newRepo('分类作为题库');
    const xml = fixture('moodle-doc.xml');
    const preview = await upload('moodle.xml', xml, { repoId: chosen, preview: 'true', category: 'bank' });
    expect(preview.code).toBe(0);
    expect(preview.data.banks).toEqual([{ title: '安全/机械', count: 11, exists: false }]);
    const titled = async () =>
      t.db
        .select({ id: elRepo.id })
        .from(elRepo)
        .where(and(eq(elRepo.title, '安全/机械'), isNull(elRepo.deletedAt)));
    expect(await titled()).toHaveLength(0);

    const done = await upload('moodle.xml', xml, { repoId: chosen, category: 'bank' });
    expect(done.data).toMatchObject({ imported: 11, errors: [] });
    const [bank] = await titled();
    expect(await countIn(bank.id)).toBe(11);
    expect(await countIn(chosen)).toBe(0);
    const page = await t.call(repoQuPaging.path, { current: 1, size: 50, params: { repoId: bank.id } }, admin);
    const detail = (await t.call(repoQuDetail.path, { id: page.data.records[0].id }, admin)).data;
    expect(detail.tags).not.toContain('安全/机械');

    const again = await upload('moodle.xml', xml, { repoId: chosen, preview: 'true', category: 'bank' });
    expect(again.data.banks).toEqual([{ title: '安全/机械', count: 11, exists: true }]);
    // Duplicates are looked for in the category's bank, not in the chosen (empty) one.
    expect(again.data.duplicates).toHaveLength(11);
    expect(again.data.duplicates[0].reason).toBe('题库中已有相同的试题');
    expect((await upload('moodle.xml', xml, { repoId: chosen, category: 'folder' })).code).toBe(ErrorCode.BAD_PARAMS);
  });
});

describe('large files', () => {
  /**
   * Imports `file` with a progress id and, at the first event of `phase` on the admin's realtime
   * topic, sends a cheap request and a read of the bank: both must be answered before the import is
   * (the file is read in a worker, the writing yields the connection between short transactions),
   * and the bank must still look empty (the staged questions are hidden until the import ends).
   */
  async function importWhileAsking(name: string, file: Buffer, phase: TQuImportProgress['phase']) {
    const repoId = await newRepo(`大文件 ${name} ${phase}`);
    const [user] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'admin'));
    const order: string[] = [];
    const phases: string[] = [];
    let asked: Promise<unknown> | null = null;
    const stop = realtimeHub.subscribe([`user:${user.id}`], (event) => {
      const p = event.data as TQuImportProgress;
      if (event.type !== QU_IMPORT_PROGRESS_EVENT || p.progressId !== `big-${phase}`) return;
      if (phases.at(-1) !== p.phase) phases.push(p.phase);
      if (p.phase !== phase || asked) return;
      asked = Promise.all([
        t.call(sysConfigDetail.path, { id: '1' }, admin).then((r) => order.push(`config ${r.code}`)),
        countIn(repoId).then((n) => order.push(`bank ${n}`)),
      ]);
    });
    try {
      const res = await upload(name, file, { repoId, progressId: `big-${phase}` });
      order.push(`import ${res.code}`);
      await asked;
      return { res, order, phases, repoId };
    } finally {
      stop();
    }
  }

  it('reads a 3,000-question GIFT file in a worker while other requests are answered, then imports it all', async () => {
    const gift = await bigInterchangeFile('gift', 3000);
    const { res, order, phases, repoId } = await importWhileAsking('big.gift', gift, 'parse');
    expect(res.data).toMatchObject({ total: 3000, imported: 3000, errors: [], skipped: [] });
    expect(res.data.byType).toEqual({ '1': 3000 });
    expect(order.slice(0, 2).sort()).toEqual(['bank 0', 'config 0']);
    expect(order[2]).toBe('import 0');
    expect(phases).toEqual(['parse', 'check', 'write']);
    expect(await countIn(repoId)).toBe(3000);
  });

  it('writes a Moodle XML file in short transactions, hidden until the last one, answering others meanwhile', async () => {
    const xml = await bigInterchangeFile('moodle-xml', 1200);
    const { res, order, repoId } = await importWhileAsking('big.xml', xml, 'write');
    expect(res.data).toMatchObject({ total: 1200, imported: 1200, errors: [] });
    expect(order.slice(0, 2).sort()).toEqual(['bank 0', 'config 0']);
    expect(order[2]).toBe('import 0');
    expect(await countIn(repoId)).toBe(1200);
    const page = await t.call(repoQuPaging.path, { current: 1, size: 1, params: { repoId } }, admin);
    const detail = (await t.call(repoQuDetail.path, { id: page.data.records[0].id }, admin)).data;
    expect(detail.options).toHaveLength(4);
    // Nothing stays staged (deleted at the epoch) once the import is published.
    const staged = await t.db
      .select({ id: elQu.id })
      .from(elQu)
      .where(eq(elQu.deletedAt, new Date(0)));
    expect(staged).toEqual([]);
  });

  it('removes what it staged when a later chunk fails, and leaves the bank as it was', async () => {
    const repoId = await newRepo('分块写入失败');
    const [user] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'admin'));
    const read = itemsOf(readGift((await bigInterchangeFile('gift', 500)).toString('utf8')));
    let transactions = 0;
    const failing = Object.create(t.db) as Db;
    failing.transaction = ((fn: never) =>
      ++transactions === 2 ? Promise.reject(new Error('写入失败')) : t.db.transaction(fn)) as Db['transaction'];
    const options = { repoIds: [repoId], onlyValid: false, userId: user.id };
    await expect(importChecked(failing, checkItems(read.items, docxColumnOf), options)).rejects.toThrow('写入失败');
    expect(transactions).toBe(2);
    expect(await countIn(repoId)).toBe(0);
    const staged = await t.db
      .select({ id: elQu.id })
      .from(elQu)
      .where(eq(elQu.deletedAt, new Date(0)));
    expect(staged).toEqual([]);
  });
});

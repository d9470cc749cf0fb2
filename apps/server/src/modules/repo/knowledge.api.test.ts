/**
 * Knowledge points through the API: the tree's operations (create, rename, move without cycles,
 * merge, delete keeping the questions), tagging by path, the bank's filter by a subtree, the counts
 * per point × kind × band, and the round trip of points through every export format.
 */
import {
  ErrorCode,
  QU_EXPORT_FORMATS,
  repoKnowledgeDelete,
  repoKnowledgeMatrix,
  repoKnowledgeMerge,
  repoKnowledgeMove,
  repoKnowledgeSave,
  repoKnowledgeTree,
  repoQuDetail,
  repoQuExport,
  repoQuPaging,
  repoQuSave,
  repoRepoSave,
  type TKpNode,
  type TQuSave,
} from '@exam/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elQuStat, sysMenu, sysRole, sysRoleMenu } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { syncMenuCatalogue } from '../system/menu/sync-catalogue.js';
import { uploadQuestions } from './interchange/test/upload.js';
import { QU_TEMPLATE_SAMPLES } from './qu-samples.js';

let t: TestApp;
let admin: string;
let student: string;
let bank: string;

const sample = (type: number): TQuSave => structuredClone(QU_TEMPLATE_SAMPLES.find((s) => s.type === type) as TQuSave);
const tree = async (): Promise<TKpNode[]> => (await t.request(repoKnowledgeTree, {}, admin)).data;
const byPath = async (path: string) => (await tree()).find((n) => n.path === path);
const saveQu = async (tags: string[], type = 1, level: 1 | 2 = 1, content?: string) => {
  const q = { ...sample(type), level, tags, repoIds: [bank] };
  if (content) q.content = `<p>${content}</p>`;
  const res = await t.request(repoQuSave, q, admin);
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
};
const page = async (params: Record<string, unknown>) =>
  (await t.request(repoQuPaging, { current: 1, size: 100, params: { repoId: bank, ...params } }, admin)).data.records
    .map((r) => r.id)
    .sort();
const create = async (title: string, parentId?: string) => {
  const res = await t.request(repoKnowledgeSave, { title, parentId }, admin);
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  bank = (await t.request(repoRepoSave, { title: '知识点测试题库' }, admin)).data.id;
});
afterAll(async () => t.close());

describe('the tree', () => {
  it('creates, renames and refuses a second sibling of the same title or a title with “/”', async () => {
    const root = await create('设备');
    const child = await create('锅炉', root);
    expect((await t.request(repoKnowledgeSave, { title: '锅炉', parentId: root }, admin)).code).toBe(
      ErrorCode.CONFLICT,
    );
    const slash = await t.request(repoKnowledgeSave, { title: '甲/乙', parentId: root }, admin);
    expect(slash).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(slash.msg).toContain('/');
    expect((await t.request(repoKnowledgeSave, { id: child, title: '压力容器' }, admin)).code).toBe(0);
    expect(await byPath('设备/压力容器')).toMatchObject({ id: child, parentId: root });
  });

  it('moves a subtree and refuses a move below itself', async () => {
    const a = await create('移动甲');
    const b = await create('移动乙', a);
    const c = await create('移动丙', b);
    const below = await t.request(repoKnowledgeMove, { id: a, parentId: c }, admin);
    expect(below.code).toBe(ErrorCode.BAD_PARAMS);
    expect(below.msg).toBe('不能把知识点移动到它自己或它的下级之下');
    expect((await t.request(repoKnowledgeMove, { id: a, parentId: a }, admin)).code).toBe(ErrorCode.BAD_PARAMS);
    const other = await create('移动丁');
    const q = await saveQu(['移动甲/移动乙/移动丙']);
    expect((await t.request(repoKnowledgeMove, { id: b, parentId: other }, admin)).code).toBe(0);
    expect((await byPath('移动丁/移动乙/移动丙'))?.id).toBe(c);
    // the moved subtree's questions follow it in the filter by its new ancestor, and leave the old one
    expect(await page({ kpId: other })).toEqual([q]);
    expect(await page({ kpId: a })).toEqual([]);
    expect((await t.request(repoQuDetail, { id: q }, admin)).data.tags).toEqual(['移动丁/移动乙/移动丙']);
    // to the roots
    expect((await t.request(repoKnowledgeMove, { id: c, parentId: null }, admin)).code).toBe(0);
    expect((await byPath('移动丙'))?.parentId).toBeNull();
  });

  it('merges A into B: A’s questions get B, A’s children go under B, a same-titled child merges too', async () => {
    const a = await create('合并甲');
    const aKid = await create('共同', a);
    const aOnly = await create('甲独有', a);
    const b = await create('合并乙');
    const bKid = await create('共同', b);
    const q1 = await saveQu(['合并甲']);
    const q2 = await saveQu(['合并甲/共同', '合并乙']);
    const res = await t.request(repoKnowledgeMerge, { id: a, intoId: b }, admin);
    expect(res.code, res.msg).toBe(0);
    const nodes = await tree();
    expect(nodes.find((n) => n.id === a)).toBeUndefined();
    expect(nodes.find((n) => n.id === aKid)).toBeUndefined();
    expect(nodes.find((n) => n.id === aOnly)?.path).toBe('合并乙/甲独有');
    expect((await t.request(repoQuDetail, { id: q1 }, admin)).data.tags).toEqual(['合并乙']);
    expect((await t.request(repoQuDetail, { id: q2 }, admin)).data.tags.sort()).toEqual(['合并乙', '合并乙/共同']);
    expect(await page({ kpId: bKid })).toEqual([q2]);
    expect(await page({ kpId: b })).toEqual([q1, q2].sort());
    expect((await t.request(repoKnowledgeMerge, { id: b, intoId: bKid }, admin)).code).toBe(ErrorCode.BAD_PARAMS);
  });

  it('deletes a point keeping its questions untagged and lifting its children', async () => {
    const top = await create('删除顶');
    const mid = await create('删除中', top);
    const low = await create('删除下', mid);
    const q = await saveQu(['删除顶/删除中', '删除顶/删除中/删除下']);
    const res = await t.request(repoKnowledgeDelete, { id: mid }, admin);
    expect(res).toMatchObject({ code: 0, data: { untagged: 1, lifted: 1 } });
    expect((await byPath('删除顶/删除下'))?.id).toBe(low);
    const detail = await t.request(repoQuDetail, { id: q }, admin);
    expect(detail.code).toBe(0);
    expect(detail.data.tags).toEqual(['删除顶/删除下']);
    expect(await page({ kpId: top })).toEqual([q]);
    expect((await t.request(repoKnowledgeDelete, { id: mid }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('is the administrators’: a learner is refused', async () => {
    expect((await t.request(repoKnowledgeTree, {}, student)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.request(repoKnowledgeSave, { title: '学员' }, student)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('tagging, filter and counts', () => {
  it('a question has several points; saving with a path creates the missing ones', async () => {
    const q = await saveQu(['标注/电气/高压', '标注/机械']);
    expect((await t.request(repoQuDetail, { id: q }, admin)).data.tags).toEqual(['标注/电气/高压', '标注/机械']);
    const root = await byPath('标注');
    expect(root).toMatchObject({ quCount: 0, totalCount: 1 });
    expect(await byPath('标注/电气/高压')).toMatchObject({ quCount: 1 });
    // re-saving replaces the points
    await t.request(repoQuSave, { ...sample(1), id: q, tags: ['标注/机械'], repoIds: [bank] }, admin);
    expect((await t.request(repoQuDetail, { id: q }, admin)).data.tags).toEqual(['标注/机械']);
  });

  it('filters the bank by a point with its descendants, by id or by path', async () => {
    const q1 = await saveQu(['筛选/甲']);
    const q2 = await saveQu(['筛选/甲/子']);
    await saveQu(['筛选/乙']);
    const a = (await byPath('筛选/甲'))?.id as string;
    expect(await page({ kpId: a })).toEqual([q1, q2].sort());
    expect(await page({ tag: '筛选/甲' })).toEqual([q1, q2].sort());
    expect(await page({ tag: '筛选/无此点' })).toEqual([]);
  });

  it('counts a bank’s questions per point (subtree), kind and band; untagged ones apart', async () => {
    const b2 = (await t.request(repoRepoSave, { title: '计数题库' }, admin)).data.id;
    const mk = async (tags: string[], type: number, level: 1 | 2) => {
      const res = await t.request(repoQuSave, { ...sample(type), level, tags, repoIds: [b2] }, admin);
      return res.data.id;
    };
    await mk(['计数/子'], 1, 1);
    const hard = await mk(['计数/子'], 1, 2);
    await mk(['计数'], 3, 2);
    await mk([], 2, 1);
    // a measured difficulty decides over the level: 0.9 right is easy even for a "hard" question
    await t.db.insert(elQuStat).values({ quId: hard, answers: 40, difficulty: 0.9 });
    const res = await t.request(repoKnowledgeMatrix, { repoId: b2 }, admin);
    expect(res.code, res.msg).toBe(0);
    const root = (await byPath('计数'))?.id;
    const kid = (await byPath('计数/子'))?.id;
    const cells = (id: string | null | undefined) =>
      res.data
        .filter((c) => c.kpId === (id ?? null))
        .map((c) => `${c.type}-${c.band}-${c.count}`)
        .sort();
    expect(cells(root)).toEqual(['1-easy-1', '1-medium-1', '3-hard-1']);
    expect(cells(kid)).toEqual(['1-easy-1', '1-medium-1']);
    expect(cells(null)).toEqual(['2-medium-1']);
  });
});

describe('round trip through the file formats', () => {
  for (const format of QU_EXPORT_FORMATS) {
    it(`${format}: points go out and come back, missing ones created`, async () => {
      const tag = `往返${format}/分支`;
      const id = await saveQu([tag, '往返共用'], 1, 1, `往返题 ${format}`);
      const res = await t.app.inject({
        method: 'POST',
        url: repoQuExport.path,
        payload: { ids: [id], format },
        headers: { token: admin },
      });
      expect(res.statusCode).toBe(200);
      // the point is gone before the import: the import must create it again
      const root = (await byPath(`往返${format}`))?.id as string;
      await t.request(repoKnowledgeDelete, { id: (await byPath(tag))?.id as string }, admin);
      await t.request(repoKnowledgeDelete, { id: root }, admin);
      expect(await byPath(tag)).toBeUndefined();
      const target = (await t.request(repoRepoSave, { title: `往返${format}` }, admin)).data.id;
      const ext = { xlsx: 'xlsx', docx: 'docx', 'moodle-xml': 'xml', gift: 'txt', qti: 'zip' }[format];
      const imported = await uploadQuestions(t, admin, `q.${ext}`, res.rawPayload, { repoId: target, format });
      expect(imported.code, JSON.stringify(imported)).toBe(0);
      const created = await byPath(tag);
      expect(created).toMatchObject({ quCount: 1 });
      const back = await t.request(
        repoQuPaging,
        { current: 1, size: 10, params: { repoId: target, kpId: created?.id } },
        admin,
      );
      expect(back.data.records.map((r) => r.tags.sort())).toEqual([[tag, '往返共用'].sort()]);
    });
  }
});

describe('permissions on a site that had no knowledge points yet', () => {
  it('gives the new entries to the roles that keep questions, not to others', async () => {
    const kpKeys = ['repo-knowledge', 'repo:kp:save', 'repo:kp:delete'];
    const menuOf = async (permission: string) =>
      (await t.db.select({ id: sysMenu.id }).from(sysMenu).where(eq(sysMenu.permission, permission)))[0].id;
    const [editor] = await t.db
      .insert(sysRole)
      .values({ code: 'kp-editor', name: '题库编辑', roleType: 1 })
      .returning({ id: sysRole.id });
    const [viewer] = await t.db
      .insert(sysRole)
      .values({ code: 'kp-viewer', name: '只看题库', roleType: 1 })
      .returning({ id: sysRole.id });
    await t.db.insert(sysRoleMenu).values([
      { roleId: editor.id, menuId: await menuOf('repo:qu:save') },
      { roleId: viewer.id, menuId: await menuOf('repo:qu:view') },
    ]);
    // as before this release: the catalogue's knowledge entries not in the menu table
    const old = await t.db.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.catalogueKey, kpKeys));
    await t.db.delete(sysRoleMenu).where(
      inArray(
        sysRoleMenu.menuId,
        old.map((m) => m.id),
      ),
    );
    await t.db.delete(sysMenu).where(
      inArray(
        sysMenu.id,
        old.map((m) => m.id),
      ),
    );
    expect(await syncMenuCatalogue(t.db)).toBe(3);
    const held = async (roleId: string) =>
      (
        await t.db
          .select({ key: sysMenu.catalogueKey })
          .from(sysRoleMenu)
          .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
          .where(and(eq(sysRoleMenu.roleId, roleId), inArray(sysMenu.catalogueKey, kpKeys)))
      )
        .map((r) => r.key)
        .sort();
    expect(await held(editor.id)).toEqual(['repo-knowledge', 'repo:kp:save']);
    expect(await held(viewer.id)).toEqual([]);
  });
});

import {
  ErrorCode,
  sysDepartDelete,
  sysDepartDetail,
  sysDepartSave,
  sysDepartSort,
  sysDepartTree,
  sysUserInfo,
  type TDeptNode,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => t.close());

const flatten = (nodes: TDeptNode[]): TDeptNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
async function byName(name: string): Promise<TDeptNode> {
  const res = await t.call<TDeptNode[]>(sysDepartTree.path, {});
  const found = flatten(res.data).find((d) => d.name === name);
  if (!found) throw new Error(`no department ${name}`);
  return found;
}

describe('department tree', () => {
  it('answers the public tree with only the picker fields', async () => {
    const res = await t.call<TDeptNode[]>(sysDepartTree.path, {});
    expect(res.code).toBe(0);
    expect(res.data[0]).toMatchObject({ name: '云帆科技集团', code: 'D001', parentId: null });
    expect(Object.keys(res.data[0]).sort()).toEqual(['children', 'code', 'id', 'name', 'parentId', 'sort']);
    expect(res.data[0].children?.map((c) => c.code)).toEqual(['D001D001', 'D001D002', 'D001D003']);
  });

  it('creates a child with the next path code, and reads its detail', async () => {
    const root = await byName('云帆科技集团');
    const res = await t.call(sysDepartSave.path, { parentId: root.id, name: '财务部', sort: 4 }, admin);
    expect(res.code).toBe(0);
    const detail = await t.call(sysDepartDetail.path, { id: res.data.id }, admin);
    expect(detail.data).toMatchObject({ code: 'D001D004', name: '财务部', userCount: 0 });
  });

  it('recodes the whole subtree when a department moves', async () => {
    const tech = await byName('技术部');
    const market = await byName('市场部');
    const res = await t.call(sysDepartSave.path, { id: tech.id, parentId: market.id, name: '技术部', sort: 1 }, admin);
    expect(res.code).toBe(0);
    expect((await byName('技术部')).code).toBe('D001D002D001');
    expect((await byName('前端组')).code).toBe('D001D002D001D001');
    // The student of 技术部 now belongs under 市场部 for "department and below".
    const student = await t.login('student', 'student123');
    expect((await t.call(sysUserInfo.path, {}, student)).data.deptCode).toBe('D001D002D001');
  });

  it('refuses moving a department under its own descendant', async () => {
    const market = await byName('市场部');
    const front = await byName('前端组');
    const res = await t.call(sysDepartSave.path, { id: market.id, parentId: front.id, name: '市场部' }, admin);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toContain('下级部门');
    expect((await byName('市场部')).code).toBe('D001D002');
  });

  it('moves and reorders by a drag-and-drop list', async () => {
    const root = await byName('云帆科技集团');
    const tech = await byName('技术部');
    const hr = await byName('人力资源部');
    const res = await t.call(
      sysDepartSort.path,
      {
        list: [
          { id: tech.id, parentId: root.id, sort: 0 },
          { id: hr.id, parentId: root.id, sort: 9 },
        ],
      },
      admin,
    );
    expect(res.code).toBe(0);
    const moved = await byName('技术部');
    expect(moved).toMatchObject({ parentId: root.id, sort: 0 });
    expect(moved.code).toMatch(/^D001D\d{3}$/);
    expect((await byName('前端组')).code).toBe(`${moved.code}D001`);
    expect((await t.call(sysDepartSort.path, { id: hr.id, sort: 3 }, admin)).code).toBe(0);
    expect((await byName('人力资源部')).sort).toBe(3);
  });

  it('refuses deleting a department with children or users, and deletes an empty one', async () => {
    const root = await byName('云帆科技集团');
    const children = await t.call(sysDepartDelete.path, { ids: [root.id] }, admin);
    expect(children.code).toBe(ErrorCode.CONFLICT);
    expect(children.msg).toContain('子部门');
    const hr = await byName('人力资源部');
    const users = await t.call(sysDepartDelete.path, { ids: [hr.id] }, admin);
    expect(users.code).toBe(ErrorCode.CONFLICT);
    expect(users.msg).toContain('用户');
    const finance = await byName('财务部');
    expect((await t.call(sysDepartDelete.path, { ids: [finance.id] }, admin)).code).toBe(0);
    expect((await t.call(sysDepartDetail.path, { id: finance.id }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('names the field of bad input in Chinese', async () => {
    const res = await t.call(sysDepartSave.path, { name: '' }, admin);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toContain('部门名称');
    const sort = await t.call(sysDepartSort.path, {}, admin);
    expect(sort.code).toBe(ErrorCode.BAD_PARAMS);
    expect(sort.msg).toContain('排序');
  });
});

import {
  ErrorCode,
  sysDicDelete,
  sysDicPaging,
  sysDicSave,
  sysDicValueDelete,
  sysDicValueSave,
  sysDicValueTree,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysDicValue } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
});
afterAll(async () => t.close());

describe('dictionaries', () => {
  it('lets a signed-in learner read the aiExam_conf values (SPEC 3)', async () => {
    const res = await t.call(sysDicValueTree.path, { dicCode: 'aiExam_conf' }, student);
    expect(res.code).toBe(0);
    expect(res.data.map((v: { value: string }) => v.value)).toContain('assistant_enabled');
  });

  it('pages, saves a dictionary with a tree of values, and refuses a taken code', async () => {
    const paging = await t.call(sysDicPaging.path, { current: 1, size: 5, params: { keyword: 'aiExam' } }, admin);
    expect(paging.data.records.map((r: { code: string }) => r.code)).toEqual(['aiExam_conf']);

    const dic = await t.call(sysDicSave.path, { code: 'region', title: '地区' }, admin);
    expect(dic.code).toBe(0);
    expect((await t.call(sysDicSave.path, { code: 'region', title: '重复' }, admin)).code).toBe(ErrorCode.DUPLICATE);
    const parent = await t.call(sysDicValueSave.path, { dicCode: 'region', value: 'zj', title: '浙江' }, admin);
    const child = await t.call(
      sysDicValueSave.path,
      { dicCode: 'region', parentId: parent.data.id, value: 'hz', title: '杭州' },
      admin,
    );
    expect(child.code).toBe(0);
    const dupValue = await t.call(sysDicValueSave.path, { dicCode: 'region', value: 'zj', title: '又一个' }, admin);
    expect(dupValue.code).toBe(ErrorCode.DUPLICATE);
    const tree = await t.call(sysDicValueTree.path, { dicCode: 'region' }, admin);
    expect(tree.data).toHaveLength(1);
    expect(tree.data[0]).toMatchObject({ value: 'zj', children: [{ value: 'hz', title: '杭州' }] });

    const refused = await t.call(sysDicValueDelete.path, { ids: [parent.data.id] }, admin);
    expect(refused.code).toBe(ErrorCode.CONFLICT);
    expect((await t.call(sysDicValueDelete.path, { ids: [child.data.id] }, admin)).code).toBe(0);

    // Renaming the code moves the values along.
    await t.call(sysDicSave.path, { id: dic.data.id, code: 'area', title: '地区' }, admin);
    expect((await t.call(sysDicValueTree.path, { dicCode: 'area' }, admin)).data).toHaveLength(1);

    // Deleting the dictionary deletes its values.
    expect((await t.call(sysDicDelete.path, { ids: [dic.data.id] }, admin)).code).toBe(0);
    expect(await t.db.select().from(sysDicValue).where(eq(sysDicValue.dicCode, 'area'))).toHaveLength(0);
  });

  it('names the field of bad input', async () => {
    const res = await t.call(sysDicSave.path, { code: '', title: '字典' }, admin);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toContain('字典编码');
    const value = await t.call(sysDicValueSave.path, { dicCode: 'aiExam_conf', value: 'x' }, admin);
    expect(value.code).toBe(ErrorCode.BAD_PARAMS);
    expect(value.msg).toContain('显示名称');
  });
});

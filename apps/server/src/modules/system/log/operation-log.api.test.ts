/** The operation log: reads are not operations, writes are; the list follows the data scope. */
import {
  DataScope,
  examResultExamPaging,
  examResultPaperDetail,
  examResultPaperPaging,
  examResultQuStat,
  examResultUserPaging,
  examResultVoid,
  sysLogPaging,
  sysRoleListMenus,
  sysRolePaging,
  sysRoleSave,
  sysRoleSaveMenus,
  sysUserResetPass,
  trainStatByRepo,
  trainStatByUser,
} from '@exam/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysLog } from '../../../db/schema/index.js';
import { LogType } from '../../../platform/audit.js';
import { AUDITED_URLS, READ_ONLY_ACTION } from '../../../platform/route.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createAdmin } from '../user/user.test-helpers.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => t.close());

async function operations(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(sysLog).where(eq(sysLog.type, LogType.OPERATION));
  return row.n;
}

const PAGE = { current: 1, size: 10 };
/** The seven administrator reads that used to be logged as operations. */
const READS: [string, object][] = [
  [examResultExamPaging.path, { ...PAGE, params: {} }],
  [examResultUserPaging.path, { ...PAGE, params: { examId: 'nope' } }],
  [examResultPaperPaging.path, { ...PAGE, params: { examId: 'nope' } }],
  [examResultQuStat.path, { examId: 'nope' }],
  [examResultPaperDetail.path, { paperId: 'nope' }],
  [trainStatByRepo.path, { ...PAGE, params: {} }],
  [trainStatByUser.path, { ...PAGE, params: {} }],
];

describe('what the operation log records', () => {
  it('writes no row for reads, including the seven that were logged', async () => {
    const before = await operations();
    for (const [path, body] of READS) {
      const res = await t.call(path, body, admin);
      expect(res.code, `${path} ${res.msg}`).not.toBe(10010001);
    }
    await t.call(sysRolePaging.path, { ...PAGE, params: {} }, admin);
    await t.call(sysLogPaging.path, { ...PAGE, params: {} }, admin);
    expect(await operations()).toBe(before);
  });

  it('writes one row per administrator write', async () => {
    const before = await operations();
    const saved = await t.call(
      sysRoleSave.path,
      { code: 'log_probe', name: '日志探针', roleType: 2, dataScope: 1 },
      admin,
    );
    expect(saved.code).toBe(0);
    expect(await operations()).toBe(before + 1);
    const [row] = await t.db.select().from(sysLog).where(eq(sysLog.path, sysRoleSave.path));
    expect(row).toMatchObject({ userName: 'admin', title: '保存角色', success: true });
  });

  it('logs no route whose action reads, and keeps the writes', () => {
    const readWord = /(^|[/-])(paging|detail|list|tree|stat|export|preview)(-|\/|$)/;
    const reads = [...AUDITED_URLS].filter((url) => readWord.test(url.replace(/^\/api/, '')));
    expect(reads).toEqual([]);
    for (const url of [sysRoleSave.path, sysUserResetPass.path, examResultVoid.path, sysRoleSaveMenus.path])
      expect(AUDITED_URLS.has(url), url).toBe(true);
    expect(READ_ONLY_ACTION.test(sysRoleSaveMenus.path)).toBe(false);
    expect(READ_ONLY_ACTION.test(sysRoleListMenus.path)).toBe(true);
  });
});

describe('log list and data scope', () => {
  it('shows an administrator of one department only the logs of its users', async () => {
    await t.login('student', 'student123'); // department D001D001
    await t.login('lisi', 'student123'); // department D001D002
    const scoped = await createAdmin(t, 'logadmin', DataScope.OWN_DEPT, 'D001D001', ['sys:log:view']);
    const res = await t.call(sysLogPaging.path, { current: 1, size: 100, params: { type: 1 } }, scoped.token);
    expect(res.code).toBe(0);
    const names = new Set(res.data.records.map((r: { userName: string }) => r.userName));
    expect(names.has('student')).toBe(true);
    expect(names.has('lisi')).toBe(false);
    expect(names.has('admin')).toBe(false);
    const all = await t.call(sysLogPaging.path, { current: 1, size: 100, params: { type: 1 } }, admin);
    expect(all.data.records.some((r: { userName: string }) => r.userName === 'lisi')).toBe(true);
  });
});

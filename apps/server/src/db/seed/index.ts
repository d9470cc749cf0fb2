/**
 * First-start data: site config, departments, roles, demo accounts, dictionaries, a welcome
 * message, then the modules' demo data (their seeders, given by the caller). Runs once: when the
 * config row exists, nothing is touched.
 */
import path from 'node:path';
import { DataScope, RoleType } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { hashPassword } from '../../platform/password.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { LocalBlobStore } from '../../platform/storage/local-blob-store.js';
import {
  sysConfig,
  sysConfigItem,
  sysDepart,
  sysDic,
  sysDicValue,
  sysMsg,
  sysRole,
  sysUser,
  sysUserMsg,
  sysUserRole,
} from '../schema/index.js';
import type { SeedContext, Seeder } from './context.js';
import { SEED_DICTIONARIES } from './dictionaries.js';

export interface DemoAccount {
  userName: string;
  password: string;
  realName: string;
  role: string;
  dept: string;
}

/** Accounts printed at start-up and used by the browser tests. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { userName: 'admin', password: 'admin123', realName: '系统管理员', role: 'sa', dept: 'D001' },
  { userName: 'student', password: 'student123', realName: '张三', role: 'student', dept: 'D001D001' },
  { userName: 'lisi', password: 'student123', realName: '李四', role: 'student', dept: 'D001D002' },
  { userName: 'wangwu', password: 'student123', realName: '王五', role: 'student', dept: 'D001D003' },
  { userName: 'deptadmin', password: 'admin123', realName: '技术部管理员', role: 'dept_admin', dept: 'D001D001' },
];

const DEPARTMENTS = [
  { code: 'D001', name: '云帆科技集团', parent: null, sort: 1 },
  { code: 'D001D001', name: '技术部', parent: 'D001', sort: 1 },
  { code: 'D001D001D001', name: '前端组', parent: 'D001D001', sort: 1 },
  { code: 'D001D002', name: '市场部', parent: 'D001', sort: 2 },
  { code: 'D001D003', name: '人力资源部', parent: 'D001', sort: 3 },
];

const ROLES = [
  { code: 'sa', name: '超级管理员', roleType: RoleType.ADMIN, dataScope: DataScope.ALL, builtIn: true },
  {
    code: 'dept_admin',
    name: '部门管理员',
    roleType: RoleType.ADMIN,
    dataScope: DataScope.DEPT_AND_BELOW,
    builtIn: false,
  },
  { code: 'student', name: '学员', roleType: RoleType.LEARNER, dataScope: DataScope.SELF, builtIn: true },
];

/**
 * Seeds an empty database, then runs the modules' `seeders` in order; answers whether it did.
 * Demo files go to `blobs`, by default the local folder of DATA_DIR without the storage-folder
 * mount: no folder is configured on a first start, and the mount's read of sys_config would wait
 * for this very transaction on the one connection of PGlite.
 */
export async function seedIfEmpty(
  db: Db,
  seeders: readonly Seeder[] = [],
  blobs: BlobStore = new LocalBlobStore(path.resolve(process.env.DATA_DIR ?? './data')),
): Promise<boolean> {
  const [existing] = await db.select({ id: sysConfig.id }).from(sysConfig).where(eq(sysConfig.id, '1'));
  if (existing) return false;
  // One hash (own salt) per account: accounts sharing a password must not share a hash.
  const hashes = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) hashes.set(account.userName, await hashPassword(account.password));
  await db.transaction(async (tx) => {
    await tx.insert(sysConfig).values({
      id: '1',
      siteName: '云帆在线考试培训平台',
      copyRight: '© 2026 云帆科技 版权所有',
      regOpen: false,
      regReview: false,
    });
    await tx
      .insert(sysConfigItem)
      .values([{ title: 'pathUrl', value: '', remark: '第二服务（外部教学助手）基础地址；未设置时使用内置学习助教' }]);

    const deptIds = new Map<string, string>();
    for (const d of DEPARTMENTS) {
      const [row] = await tx
        .insert(sysDepart)
        .values({ code: d.code, name: d.name, sort: d.sort, parentId: d.parent ? deptIds.get(d.parent) : null })
        .returning({ id: sysDepart.id });
      deptIds.set(d.code, row.id);
    }
    const roleIds = new Map<string, string>();
    for (const r of ROLES) {
      const [row] = await tx.insert(sysRole).values(r).returning({ id: sysRole.id });
      roleIds.set(r.code, row.id);
    }
    const userIds: string[] = [];
    const userIdByName = new Map<string, string>();
    for (const a of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(sysUser)
        .values({
          userName: a.userName,
          realName: a.realName,
          passwordHash: hashes.get(a.userName) as string,
          deptId: deptIds.get(a.dept),
          mobile: `1380000${String(userIds.length + 1).padStart(4, '0')}`,
        })
        .returning({ id: sysUser.id });
      await tx.insert(sysUserRole).values({ userId: row.id, roleId: roleIds.get(a.role) as string });
      userIds.push(row.id);
      userIdByName.set(a.userName, row.id);
    }

    for (const dic of SEED_DICTIONARIES) {
      await tx.insert(sysDic).values({ code: dic.code, title: dic.title });
      await tx
        .insert(sysDicValue)
        .values(dic.values.map((v, i) => ({ dicCode: dic.code, value: v.value, title: v.title, sort: i + 1 })));
    }

    const [msg] = await tx
      .insert(sysMsg)
      .values({
        title: '欢迎使用云帆在线考试培训平台',
        content: '欢迎加入！您可以在“在线考试”中参加考试，在“课程学习”中学习课程，在“题库训练”中练习刷题。',
      })
      .returning({ id: sysMsg.id });
    await tx.insert(sysUserMsg).values(userIds.map((userId) => ({ msgId: msg.id, userId })));

    const ctx: SeedContext = { deptIds, roleIds, userIds: userIdByName, now: new Date(), blobs };
    for (const seeder of seeders) await seeder(tx, ctx);
  });
  return true;
}

/** Helpers of the user API tests: administrators with a chosen data scope, multipart bodies, xlsx files. */
import { RoleType } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { sysDepart, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../../db/schema/index.js';
import { hashPassword } from '../../../platform/password.js';
import type { TestApp } from '../../../test/test-app.js';
import { catalogueMenuIds } from '../menu/sync-catalogue.js';

export const ALL_USER_PERMISSIONS = [
  'sys:user:view',
  'sys:user:save',
  'sys:user:delete',
  'sys:user:reset-pass',
  'sys:user:import',
  'sys:user:export',
];

export async function deptId(t: TestApp, code: string): Promise<string> {
  const [row] = await t.db.select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.code, code));
  return row.id;
}

export async function roleId(t: TestApp, code: string): Promise<string> {
  const [row] = await t.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, code));
  return row.id;
}

export async function userId(t: TestApp, userName: string): Promise<string> {
  const [row] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, userName));
  return row.id;
}

/** Creates an administrator (role with the data scope and the user menus) and answers their token. */
export async function createAdmin(
  t: TestApp,
  userName: string,
  dataScope: number,
  deptCode: string,
  permissions: string[] = ALL_USER_PERMISSIONS,
): Promise<{ token: string; id: string }> {
  const [role] = await t.db
    .insert(sysRole)
    .values({ code: `r_${userName}`, name: `角色${userName}`, roleType: RoleType.ADMIN, dataScope })
    .returning({ id: sysRole.id });
  const menuIds = await catalogueMenuIds(t.db, ['sys', 'sys-user', ...permissions]);
  await t.db.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId: role.id, menuId })));
  const [user] = await t.db
    .insert(sysUser)
    .values({
      userName,
      realName: `管理员${userName}`,
      passwordHash: await hashPassword('admin123'),
      deptId: await deptId(t, deptCode),
    })
    .returning({ id: sysUser.id });
  await t.db.insert(sysUserRole).values({ userId: user.id, roleId: role.id });
  return { token: await t.login(userName, 'admin123'), id: user.id };
}

/** POSTs a multipart body with one file field `file`. */
export async function upload(t: TestApp, url: string, file: Buffer, token: string | null, fileName = 'users.xlsx') {
  const boundary = `----exam${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { token } : {}) },
  });
  return res.json();
}

/** POSTs JSON to a download call; answers the raw response. */
export async function download(t: TestApp, url: string, body: unknown, token: string | null) {
  return t.app.inject({ method: 'POST', url, payload: body as object, headers: token ? { token } : {} });
}

/** An xlsx of the template columns with the given rows. */
export async function sheetOf(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of the first sheet as text. */
export async function readSheet(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const out: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(row.getCell(c).text);
    out.push(cells);
  });
  return out;
}

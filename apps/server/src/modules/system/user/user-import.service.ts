/**
 * Users to and from xlsx: the import template, the export (same columns) and the import, which
 * checks every row first and writes nothing unless all rows are right, in one transaction.
 */
import {
  ErrorCode,
  isMobile,
  type TImportError,
  type TImportReport,
  USER_IMPORT_COLUMNS,
  USER_STATE_LABELS,
  UserState,
  zPassword,
  zRealName,
  zUserName,
} from '@exam/contracts';
import { and, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { sysDepart, sysRole, sysUser, sysUserRole } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { AppError, badParams, duplicate, isUniqueViolation } from '../../../platform/errors.js';
import { hashPassword } from '../../../platform/password.js';
import { type XlsxColumn, xlsxWithoutTimes } from '../../../platform/xlsx.js';
import { InvalidXlsxError, readXlsxRows, type SheetRow } from '../../../platform/xlsx-read.js';
import { deptInScope } from '../data-scope.js';
import type { Actor } from './user.service.js';
import { grantIssues, rightsOf } from './user-guard.js';

export { XLSX_TYPE } from '../../../platform/xlsx.js';
/** Largest number of data rows one import accepts. */
export const MAX_IMPORT_ROWS = 5000;
/** Largest number of users one export writes. */
export const MAX_EXPORT_ROWS = 50_000;

const SHEET_NAME = '用户';
const REQUIRED_COLUMNS = ['用户名', '姓名', '部门编码', '角色编码', '密码'];
const ROLE_SEPARATOR = /[,，;；\s]+/;

/** One user as a row of the template columns. */
export interface UserSheetRow {
  userName: string;
  realName: string;
  mobile: string | null;
  deptCode: string | null;
  roleCodes: string[];
  state: number;
}

/** The template columns, as text (codes and phone numbers keep their leading zeros). */
const USER_COLUMNS: XlsxColumn[] = USER_IMPORT_COLUMNS.map((header) => ({
  header,
  width: header === '角色编码' || header === '部门编码' ? 20 : 16,
  kind: 'text',
}));

/** The import template: the header row and a sheet of instructions. */
export async function buildImportTemplate(): Promise<Buffer> {
  const book = xlsxWithoutTimes();
  book.sheet(SHEET_NAME, USER_COLUMNS);
  book.sheet(
    '填写说明',
    [
      { header: '列名', key: 'c', width: 12 },
      { header: '说明', key: 'd', width: 80 },
    ],
    [
      { c: '用户名', d: '必填，2-32位，只能包含字母、数字和_.@-，不能与已有用户重复' },
      { c: '姓名', d: '必填，最多32个字符' },
      { c: '手机号', d: '选填，11位手机号，不能与已有用户重复' },
      { c: '部门编码', d: '必填，部门管理中的部门编码，例如 D001D001' },
      { c: '角色编码', d: '必填，角色管理中的角色编码，多个用逗号分隔，例如 student' },
      { c: '密码', d: '必填，至少6位，且必须同时包含字母和数字' },
      { c: '状态', d: '选填，正常/禁用/待审核（或0/1/2），默认正常' },
    ],
  );
  return book.toBuffer();
}

/** The export: the template columns, password left empty. */
export async function buildExport(rows: UserSheetRow[]): Promise<Buffer> {
  const book = xlsxWithoutTimes();
  book.sheet(
    SHEET_NAME,
    USER_COLUMNS,
    rows.map((r) => ({
      用户名: r.userName,
      姓名: r.realName,
      手机号: r.mobile ?? '',
      部门编码: r.deptCode ?? '',
      角色编码: r.roleCodes.join(','),
      密码: '',
      状态: USER_STATE_LABELS[r.state] ?? String(r.state),
    })),
  );
  return book.toBuffer();
}

interface ParsedRow {
  row: number;
  cells: Record<string, string>;
}

/** Reads the first sheet (in a worker, xlsx-read.ts) into rows keyed by header; empty rows are skipped. */
async function readSheet(buffer: Buffer): Promise<{ headers: string[]; rows: ParsedRow[] }> {
  let sheet: SheetRow[];
  try {
    sheet = await readXlsxRows(buffer, { maxRows: MAX_IMPORT_ROWS });
  } catch (err) {
    if (err instanceof InvalidXlsxError) throw badParams('文件不是有效的xlsx文件，请使用导入模板');
    throw err;
  }
  const headerCells = sheet[0]?.row === 1 ? sheet[0].cells : [];
  const headerByCol = new Map<number, string>();
  headerCells.forEach((cell, i) => {
    const text = cell.trim();
    if (text) headerByCol.set(i, text);
  });
  const rows: ParsedRow[] = [];
  for (const { row, cells: values } of sheet) {
    if (row === 1) continue;
    const cells: Record<string, string> = {};
    let any = false;
    for (const [col, header] of headerByCol) {
      const text = (values[col] ?? '').trim();
      cells[header] = text;
      if (text) any = true;
    }
    if (any) rows.push({ row, cells });
  }
  return { headers: [...headerByCol.values()], rows };
}

const firstIssue = (schema: z.ZodType, value: string): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '格式不正确');
};

function parseState(text: string): number | null {
  if (!text) return UserState.NORMAL;
  if (/^[012]$/.test(text)) return Number(text);
  const entry = Object.entries(USER_STATE_LABELS).find(([, label]) => label === text);
  return entry ? Number(entry[0]) : null;
}

interface ValidRow {
  userName: string;
  realName: string;
  mobile: string | null;
  password: string;
  deptId: string;
  roleIds: string[];
  state: number;
}

/**
 * Imports users from an xlsx buffer. Any wrong cell: nothing is written and the call fails with
 * 10010001, the report as data. Otherwise all rows are inserted in one transaction.
 */
export async function importUsers(db: Db, actor: Actor, buffer: Buffer): Promise<TImportReport> {
  const { headers, rows } = await readSheet(buffer);
  const missing = REQUIRED_COLUMNS.filter((c) => !headers.includes(c));
  if (missing.length > 0) {
    const errors = missing.map((column) => ({ row: 1, column, reason: '缺少此列，请使用导入模板' }));
    throw reportError({ imported: 0, errors });
  }
  if (rows.length === 0) throw badParams('文件中没有可导入的数据');
  if (rows.length > MAX_IMPORT_ROWS) throw badParams(`一次最多导入${MAX_IMPORT_ROWS}条数据`);

  const deptCodes = [...new Set(rows.map((r) => r.cells.部门编码).filter(Boolean))];
  const roleCodes = [...new Set(rows.flatMap((r) => (r.cells.角色编码 ?? '').split(ROLE_SEPARATOR).filter(Boolean)))];
  const userNames = [...new Set(rows.map((r) => r.cells.用户名).filter(Boolean))];
  const mobiles = [...new Set(rows.map((r) => r.cells.手机号).filter(Boolean))];
  const depts = deptCodes.length
    ? await db
        .select({ id: sysDepart.id, code: sysDepart.code, name: sysDepart.name })
        .from(sysDepart)
        .where(inArray(sysDepart.code, deptCodes))
    : [];
  const roles = roleCodes.length
    ? await db
        .select({ id: sysRole.id, code: sysRole.code, name: sysRole.name, dataScope: sysRole.dataScope })
        .from(sysRole)
        .where(inArray(sysRole.code, roleCodes))
    : [];
  const takenNames = userNames.length
    ? await db
        .select({ v: sysUser.userName })
        .from(sysUser)
        .where(and(inArray(sysUser.userName, userNames), isNull(sysUser.deletedAt)))
    : [];
  const takenMobiles = mobiles.length
    ? await db
        .select({ v: sysUser.mobile })
        .from(sysUser)
        .where(and(inArray(sysUser.mobile, mobiles), isNull(sysUser.deletedAt)))
    : [];
  // The same grant rule as save and update (user-guard.ts): sa only by sa, no wider scope, no menu the actor lacks.
  const grantIssue = await grantIssues(db, await rightsOf(db, actor.id), roles);
  const deptByCode = new Map(depts.map((d) => [d.code, d]));
  const roleByCode = new Map(roles.map((r) => [r.code, r]));
  const names = new Set(takenNames.map((r) => r.v));
  const phones = new Set(takenMobiles.map((r) => r.v));
  const seenNames = new Map<string, number>();
  const seenMobiles = new Map<string, number>();

  const errors: TImportError[] = [];
  const valid: ValidRow[] = [];
  for (const { row, cells } of rows) {
    const fail = (column: string, reason: string) => errors.push({ row, column, reason });
    const before = errors.length;
    const userName = cells.用户名 ?? '';
    const nameIssue = firstIssue(zUserName, userName);
    if (!userName) fail('用户名', '不能为空');
    else if (nameIssue) fail('用户名', nameIssue);
    else if (names.has(userName)) fail('用户名', `用户名 ${userName} 已存在`);
    else if (seenNames.has(userName)) fail('用户名', `与第${seenNames.get(userName)}行重复`);
    else seenNames.set(userName, row);

    const realName = cells.姓名 ?? '';
    const realIssue = firstIssue(zRealName, realName);
    if (!realName) fail('姓名', '不能为空');
    else if (realIssue) fail('姓名', realIssue);

    const mobile = cells.手机号 || null;
    if (mobile) {
      if (!isMobile(mobile)) fail('手机号', '手机号码格式不正确!');
      else if (phones.has(mobile)) fail('手机号', `手机号 ${mobile} 已被其他用户使用`);
      else if (seenMobiles.has(mobile)) fail('手机号', `与第${seenMobiles.get(mobile)}行重复`);
      else seenMobiles.set(mobile, row);
    }

    const deptCode = cells.部门编码 ?? '';
    const dept = deptByCode.get(deptCode);
    if (!deptCode) fail('部门编码', '不能为空');
    else if (!dept) fail('部门编码', `部门编码 ${deptCode} 不存在`);
    else if (!deptInScope(actor, dept)) fail('部门编码', `部门 ${dept.name} 不在您的数据权限范围内`);

    const codes = (cells.角色编码 ?? '').split(ROLE_SEPARATOR).filter(Boolean);
    const roleIds: string[] = [];
    if (codes.length === 0) fail('角色编码', '不能为空');
    for (const code of codes) {
      const role = roleByCode.get(code);
      if (!role) fail('角色编码', `角色编码 ${code} 不存在`);
      else if (grantIssue.has(role.id)) fail('角色编码', grantIssue.get(role.id) as string);
      else if (!roleIds.includes(role.id)) roleIds.push(role.id);
    }

    const password = cells.密码 ?? '';
    const passIssue = firstIssue(zPassword, password);
    if (!password) fail('密码', '不能为空');
    else if (passIssue) fail('密码', passIssue);

    const state = parseState(cells.状态 ?? '');
    if (state === null) fail('状态', '只能填写正常、禁用、待审核或0、1、2');

    if (errors.length === before && dept && state !== null) {
      valid.push({ userName, realName, mobile, password, deptId: dept.id, roleIds, state });
    }
  }
  if (errors.length > 0) throw reportError({ imported: 0, errors });

  const hashes = await hashAll(valid.map((v) => v.password));
  try {
    await db.transaction(async (tx) => {
      for (let start = 0; start < valid.length; start += 500) {
        const chunk = valid.slice(start, start + 500);
        const inserted = await tx
          .insert(sysUser)
          .values(
            chunk.map((v, i) => ({
              userName: v.userName,
              realName: v.realName,
              mobile: v.mobile,
              passwordHash: hashes[start + i],
              deptId: v.deptId,
              state: v.state,
            })),
          )
          .returning({ id: sysUser.id, userName: sysUser.userName });
        const idByName = new Map(inserted.map((r) => [r.userName, r.id]));
        await tx
          .insert(sysUserRole)
          .values(
            chunk.flatMap((v) => v.roleIds.map((roleId) => ({ userId: idByName.get(v.userName) as string, roleId }))),
          );
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate('导入的用户名已被其他操作占用，未导入任何数据，请重试');
    throw err;
  }
  return { imported: valid.length, errors: [] };
}

/**
 * Hashes one password at a time: argon2 runs on libuv's small thread pool, and thousands of hashes
 * at once took every thread and both cores, so sign-ins and file reads of every other request
 * waited behind the import (the 23 MB import that froze the server for 30 s).
 */
async function hashAll(passwords: string[]): Promise<string[]> {
  const hashes: string[] = [];
  for (const p of passwords) hashes.push(await hashPassword(p));
  return hashes;
}

function reportError(report: TImportReport): AppError {
  const first = report.errors[0];
  const msg = `导入失败，共${report.errors.length}处错误（第${first.row}行「${first.column}」：${first.reason}），未导入任何数据`;
  return new AppError(ErrorCode.BAD_PARAMS, msg, report);
}

/** Calls of the system administration screens (users, departments, roles, menus, dictionaries, messages, config, logs). */
import {
  ErrorCode,
  type TAdminConfig,
  type TBatchDept,
  type TBatchRole,
  type TConfigItem,
  type TConfigItemSave,
  type TConfigSave,
  type TDashboardStat,
  type TDeptNode,
  type TDeptSave,
  type TDic,
  type TDicSave,
  type TDicValueNode,
  type TDicValueSave,
  type TFile,
  type TImportReport,
  type TLog,
  type TLogPagingParams,
  type TMenuNode,
  type TMenuSave,
  type TMsgSend,
  type TPage,
  type TRole,
  type TRoleOption,
  type TRoleSave,
  type TSentMsg,
  type TUserPagingParams,
  type TUserRecord,
  type TUserSave,
  type TUserUpdate,
} from '@exam/contracts';
import axios from 'axios';
import type { PageRequest } from '../components/useServerTable';
import { getToken } from '../utils/auth';
import { DEFAULT_ERROR_MSG, httpErrorMessage, LONG_TIMEOUT, UPLOAD_TEXT } from './http-errors';
import { showOverlay } from './overlay';
import { download, post, upload } from './request';

type Saved = { id: string };

/* ---------- dashboard ---------- */
export const fetchDashboardStat = () => post<TDashboardStat>('/api/sys/dashboard/stat');

/* ---------- users ---------- */
export const pagingUsers = (req: PageRequest<TUserPagingParams>) =>
  post<TPage<TUserRecord>>('/api/sys/user/paging', req);
export const userDetail = (id: string) => post<TUserRecord>('/api/sys/user/detail', { id });
export const createUser = (data: TUserSave) => post<Saved>('/api/sys/user/save', data);
export const updateUser = (data: TUserUpdate) => post<null>('/api/sys/user/update', data);
export const deleteUsers = (ids: string[]) => post<null>('/api/sys/user/delete', { ids });
export const setUserState = (ids: string[], state: number) => post<null>('/api/sys/user/state', { ids, state });
export const resetUserPass = (id: string, password: string) => post<null>('/api/sys/user/reset-pass', { id, password });
export const batchDept = (data: TBatchDept) => post<null>('/api/sys/user/batch-dept', data);
export const batchRole = (data: TBatchRole) => post<null>('/api/sys/user/batch-role', data);
export const exportUsers = (params: TUserPagingParams) => download('/api/sys/user/export', { params }, '用户列表.xlsx');
export const downloadUserTemplate = () => download('/api/sys/user/import-template', {}, '用户导入模板.xlsx');

export interface ImportOutcome {
  ok: boolean;
  msg: string;
  report: TImportReport | null;
}

/**
 * Uploads an import file. The server answers a wrong file with code 10010001 and the error
 * report as data, which the main client would drop: this call keeps it for the report table.
 */
export async function importUsers(file: Blob): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, (file as File).name ?? 'users.xlsx');
  const token = getToken();
  const close = showOverlay(UPLOAD_TEXT);
  try {
    const res = await axios.post(`${import.meta.env?.VITE_API_BASE ?? ''}/api/sys/user/import`, form, {
      timeout: LONG_TIMEOUT,
      headers: token ? { token } : {},
    });
    const body = res.data as { code: number; msg: string; data: TImportReport | null };
    const report = body.data && Array.isArray(body.data.errors) ? body.data : null;
    return { ok: body.code === ErrorCode.SUCCESS, msg: body.msg || DEFAULT_ERROR_MSG, report };
  } catch (error) {
    return { ok: false, msg: axios.isAxiosError(error) ? httpErrorMessage(error) : DEFAULT_ERROR_MSG, report: null };
  } finally {
    close();
  }
}

/* ---------- departments ---------- */
export const deptTree = () => post<TDeptNode[]>('/api/sys/depart/tree');
export const saveDept = (data: TDeptSave) => post<Saved>('/api/sys/depart/save', data);
export const deleteDepts = (ids: string[]) => post<null>('/api/sys/depart/delete', { ids });
export const sortDepts = (list: { id: string; parentId: string | null; sort: number }[]) =>
  post<null>('/api/sys/depart/sort', { list });

/* ---------- roles ---------- */
export interface RolePagingParams {
  keyword?: string | null;
  roleType?: number | null;
}
export const pagingRoles = (req: PageRequest<RolePagingParams>) => post<TPage<TRole>>('/api/sys/role/paging', req);
export const roleOptions = () => post<TRoleOption[]>('/api/sys/role/list');
export const saveRole = (data: TRoleSave) => post<Saved>('/api/sys/role/save', data);
export const deleteRoles = (ids: string[]) => post<null>('/api/sys/role/delete', { ids });
export const roleMenuIds = (id: string) => post<string[]>('/api/sys/role/list-menus', { id });
export const saveRoleMenus = (id: string, menuIds: string[]) => post<null>('/api/sys/role/save-menus', { id, menuIds });

/* ---------- menus ---------- */
export const menuTree = () => post<TMenuNode[]>('/api/sys/menu/tree');
export const saveMenu = (data: TMenuSave) => post<Saved>('/api/sys/menu/save', data);
export const deleteMenus = (ids: string[]) => post<null>('/api/sys/menu/delete', { ids });
export const sortMenu = (id: string, sort: number) => post<null>('/api/sys/menu/sort', { id, sort });

/* ---------- dictionaries ---------- */
export const pagingDics = (req: PageRequest<{ keyword?: string | null }>) =>
  post<TPage<TDic>>('/api/sys/dic/paging', req);
export const saveDic = (data: TDicSave) => post<Saved>('/api/sys/dic/save', data);
export const deleteDics = (ids: string[]) => post<null>('/api/sys/dic/delete', { ids });
export const dicValueTree = (dicCode: string) => post<TDicValueNode[]>('/api/sys/dic/value/tree', { dicCode });
export const saveDicValue = (data: TDicValueSave) => post<Saved>('/api/sys/dic/value/save', data);
export const deleteDicValues = (ids: string[]) => post<null>('/api/sys/dic/value/delete', { ids });

/* ---------- messages ---------- */
export const pagingSentMsgs = (req: PageRequest<{ keyword?: string | null }>) =>
  post<TPage<TSentMsg>>('/api/sys/msg/paging', req);
export const sendMsg = (data: TMsgSend) => post<{ msgId: string; recipients: number }>('/api/sys/msg/send', data);

/* ---------- config ---------- */
export const adminConfig = () => post<TAdminConfig>('/api/sys/config/admin-detail');
export const saveConfig = (data: TConfigSave) => post<null>('/api/sys/config/save', data);
export const configItems = () => post<TConfigItem[]>('/api/sys/config/list');
export const saveConfigItem = (data: TConfigItemSave) => post<null>('/api/sys/config/save-item', data);
export const uploadImage = (file: Blob) => upload<TFile>('/api/common/file/upload', file);

/* ---------- logs ---------- */
export const pagingLogs = (req: PageRequest<TLogPagingParams>) => post<TPage<TLog>>('/api/sys/log/paging', req);

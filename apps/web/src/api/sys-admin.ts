/** Calls of the system administration screens (users, departments, roles, menus, dictionaries, messages, config, logs). */
import {
  commonFileUpload,
  dashboardTrainingOverview,
  ErrorCode,
  sysConfigAdminDetail,
  sysConfigList,
  sysConfigSave,
  sysConfigSaveItem,
  sysDashboardStat,
  sysDepartDelete,
  sysDepartSave,
  sysDepartSort,
  sysDepartTree,
  sysDicDelete,
  sysDicPaging,
  sysDicSave,
  sysDicValueDelete,
  sysDicValueSave,
  sysDicValueTree,
  sysEventDeliveryPaging,
  sysEventDeliveryRetry,
  sysLogPaging,
  sysMenuDelete,
  sysMenuSave,
  sysMenuSort,
  sysMenuTree,
  sysMsgPaging,
  sysMsgSend,
  sysRoleDelete,
  sysRoleList,
  sysRoleListMenus,
  sysRolePaging,
  sysRoleSave,
  sysRoleSaveMenus,
  sysUserBatchDept,
  sysUserBatchRole,
  sysUserDelete,
  sysUserDetail,
  sysUserExport,
  sysUserImportTemplate,
  sysUserPaging,
  sysUserResetPass,
  sysUserSave,
  sysUserState,
  sysUserUpdate,
  type TBatchDept,
  type TBatchRole,
  type TConfigItemSave,
  type TConfigSave,
  type TDeptSave,
  type TDicSave,
  type TDicValueSave,
  type TEventDeliveryPagingParams,
  type TImportReport,
  type TLogPagingParams,
  type TMenuSave,
  type TMsgSend,
  type TRoleSave,
  type TUserPagingParams,
  type TUserSave,
  type TUserUpdate,
} from '@exam/contracts';
import axios from 'axios';
import { getToken } from '../utils/auth';
import type { PageRequest } from './call';
import { call, callDownload, callUpload } from './call';
import { DEFAULT_ERROR_MSG, httpErrorMessage, LONG_TIMEOUT, UPLOAD_TEXT } from './http-errors';
import { showOverlay } from './overlay';

/* ---------- dashboard ---------- */
export const fetchDashboardStat = () => call(sysDashboardStat, {});
export const fetchTrainingOverview = () => call(dashboardTrainingOverview, {});

/* ---------- users ---------- */
export const pagingUsers = (req: PageRequest<TUserPagingParams>) => call(sysUserPaging, req);
export const userDetail = (id: string) => call(sysUserDetail, { id });
export const createUser = (data: TUserSave) => call(sysUserSave, data);
export const updateUser = (data: TUserUpdate) => call(sysUserUpdate, data);
export const deleteUsers = (ids: string[]) => call(sysUserDelete, { ids });
export const setUserState = (ids: string[], state: number) => call(sysUserState, { ids, state });
export const resetUserPass = (id: string, password: string) => call(sysUserResetPass, { id, password });
export const batchDept = (data: TBatchDept) => call(sysUserBatchDept, data);
export const batchRole = (data: TBatchRole) => call(sysUserBatchRole, data);
export const exportUsers = (params: TUserPagingParams) => callDownload(sysUserExport, { params }, '用户列表.xlsx');
export const downloadUserTemplate = () => callDownload(sysUserImportTemplate, {}, '用户导入模板.xlsx');

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
export const deptTree = () => call(sysDepartTree, {});
export const saveDept = (data: TDeptSave) => call(sysDepartSave, data);
export const deleteDepts = (ids: string[]) => call(sysDepartDelete, { ids });
export const sortDepts = (list: { id: string; parentId: string | null; sort: number }[]) =>
  call(sysDepartSort, { list });

/* ---------- roles ---------- */
export interface RolePagingParams {
  keyword?: string | null;
  roleType?: number | null;
}
export const pagingRoles = (req: PageRequest<RolePagingParams>) => call(sysRolePaging, req);
export const roleOptions = () => call(sysRoleList, {});
export const saveRole = (data: TRoleSave) => call(sysRoleSave, data);
export const deleteRoles = (ids: string[]) => call(sysRoleDelete, { ids });
export const roleMenuIds = (id: string) => call(sysRoleListMenus, { id });
export const saveRoleMenus = (id: string, menuIds: string[]) => call(sysRoleSaveMenus, { id, menuIds });

/* ---------- menus ---------- */
export const menuTree = () => call(sysMenuTree, {});
export const saveMenu = (data: TMenuSave) => call(sysMenuSave, data);
export const deleteMenus = (ids: string[]) => call(sysMenuDelete, { ids });
export const sortMenu = (id: string, sort: number) => call(sysMenuSort, { id, sort });

/* ---------- dictionaries ---------- */
export const pagingDics = (req: PageRequest<{ keyword?: string | null }>) => call(sysDicPaging, req);
export const saveDic = (data: TDicSave) => call(sysDicSave, data);
export const deleteDics = (ids: string[]) => call(sysDicDelete, { ids });
export const dicValueTree = (dicCode: string) => call(sysDicValueTree, { dicCode });
export const saveDicValue = (data: TDicValueSave) => call(sysDicValueSave, data);
export const deleteDicValues = (ids: string[]) => call(sysDicValueDelete, { ids });

/* ---------- messages ---------- */
export const pagingSentMsgs = (req: PageRequest<{ keyword?: string | null }>) => call(sysMsgPaging, req);
export const sendMsg = (data: TMsgSend) => call(sysMsgSend, data);

/* ---------- config ---------- */
export const adminConfig = () => call(sysConfigAdminDetail, {});
export const saveConfig = (data: TConfigSave) => call(sysConfigSave, data);
export const configItems = () => call(sysConfigList, {});
export const saveConfigItem = (data: TConfigItemSave) => call(sysConfigSaveItem, data);
export const uploadImage = (file: Blob) => callUpload(commonFileUpload, file);

/* ---------- logs ---------- */
export const pagingLogs = (req: PageRequest<TLogPagingParams>) => call(sysLogPaging, req);
export const pagingEventDeliveries = (req: PageRequest<TEventDeliveryPagingParams>) =>
  call(sysEventDeliveryPaging, req);
export const retryEventDeliveries = (items: { eventId: string; consumer: string }[]) =>
  call(sysEventDeliveryRetry, { items });

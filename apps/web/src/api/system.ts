/** Calls of the system module used by the shell (SPEC 7). */
import type {
  TLogin,
  TLoginResult,
  TMenuRoute,
  TPage,
  TRegister,
  TRegisterResult,
  TUpdatePassword,
  TUploadPurpose,
  TUserInfo,
} from '@exam/contracts';
import { post, type RequestOptions, upload } from './request';
import { getSecondClient } from './second-client';

export interface SiteConfig {
  siteName: string;
  frontLogo?: string | null;
  backLogo?: string | null;
  copyRight?: string | null;
  tagsView?: boolean;
  fixedHeader?: boolean;
  sidebarLogo?: boolean;
  faceLogin?: boolean;
  mobileLogin?: boolean;
  wechatLogin?: boolean;
  dingtalkLogin?: boolean;
  regOpen?: boolean;
}

export interface ConfigItem {
  title: string;
  value: string;
}

export interface DeptNode {
  id: string;
  name: string;
  code?: string;
  parentId?: string | null;
  sort?: number;
  children?: DeptNode[];
}

export interface MsgRecord {
  id: string;
  title: string;
  content?: string | null;
  read: boolean;
  createdAt: string;
}

export interface ProfileUpdate {
  realName: string;
  mobile?: string | null;
  avatar?: string | null;
}

export const login = (data: TLogin) => post<TLoginResult>('/api/sys/user/login', data);
export const register = (data: TRegister) => post<TRegisterResult>('/api/sys/user/reg', data);
export const logout = () => post<null>('/api/sys/user/logout', {}, { silent: true });
export const fetchUserInfo = (options?: RequestOptions) => post<TUserInfo>('/api/sys/user/info', {}, options);
export const fetchMenuRoutes = (options?: RequestOptions) => post<TMenuRoute[]>('/api/sys/menu/routes', {}, options);
export const updatePassword = (data: TUpdatePassword) => post<null>('/api/sys/user/update-pass', data);
export const updateProfile = (data: ProfileUpdate) => post<null>('/api/sys/user/update-profile', data);

export const fetchSiteConfig = (options: RequestOptions = { silent: true }) =>
  post<SiteConfig>('/api/sys/config/detail', { id: '1' }, options);
export const fetchConfigList = () => post<ConfigItem[]>('/api/sys/config/list', {}, { silent: true });
export const fetchDeptTree = () => post<DeptNode[]>('/api/sys/depart/tree', {}, { silent: true });

export const sendSmsCode = (mobile: string) => post<null>('/api/sys/user/sms/send-code', { mobile });
export const forgotReset = (data: { mobile: string; code: string; password: string }) =>
  post<null>('/api/sys/user/forgot-reset', data);

/** The unread count; the server answers `{count}` (a bare number is accepted too). */
export const countUnreadMsg = async (): Promise<number> => {
  const answer = await post<number | { count: number }>('/api/sys/user/msg/count-unread', {}, { silent: true });
  return typeof answer === 'number' ? answer : Number(answer?.count ?? 0);
};
export const pagingMsg = (data: { current: number; size: number; params: { read?: boolean } }) =>
  post<TPage<MsgRecord>>('/api/sys/user/msg/paging', data);
export const readMsg = (id: string) => post<MsgRecord>('/api/sys/user/msg/detail-for-read', { id });
export const markMsgRead = (ids: string[]) => post<null>('/api/sys/user/msg/mark-read', { ids });
export const markAllMsgRead = () => post<null>('/api/sys/user/msg/mark-read', { all: true });
export const deleteMsg = (ids: string[]) => post<null>('/api/sys/user/msg/user-delete', { ids });

export const uploadFile = (file: Blob, purpose?: TUploadPurpose) =>
  upload<{ id: string; url: string }>('/api/common/file/upload', file, purpose ? { purpose } : {});

/** The pathUrl of the config list (base address of the second service and the assistant). */
export async function fetchPathUrl(): Promise<string | null> {
  const list = await fetchConfigList().catch(() => [] as ConfigItem[]);
  return (Array.isArray(list) ? list : []).find((item) => item.title === 'pathUrl')?.value ?? null;
}

export const secondClient = () => getSecondClient(fetchPathUrl);

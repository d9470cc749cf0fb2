/** Calls of the system module used by the shell (SPEC 7). */
import type { TUploadPurpose } from '@exam/contracts';
import {
  commonFileUpload,
  sysConfigDetail,
  sysConfigList,
  sysMenuRoutes,
  sysUserInfo,
  sysUserLogout,
  sysUserMsgCountUnread,
} from '@exam/contracts';
import { call, callUpload } from './call';
import type { RequestOptions } from './request';

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
  oidcLogin?: boolean;
  oidcName?: string | null;
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

export const logout = () => call(sysUserLogout, {}, { silent: true });
export const fetchUserInfo = (options?: RequestOptions) => call(sysUserInfo, {}, options);
export const fetchMenuRoutes = (options?: RequestOptions) => call(sysMenuRoutes, {}, options);

export const fetchSiteConfig = (options: RequestOptions = { silent: true }) =>
  call(sysConfigDetail, { id: '1' }, options);

/** The unread count; the server answers `{count}` (a bare number is accepted too). */
export const countUnreadMsg = async (): Promise<number> => {
  const answer = await call(sysUserMsgCountUnread, {}, { silent: true });
  return typeof answer === 'number' ? answer : Number(answer?.count ?? 0);
};

export const uploadFile = (file: Blob, purpose?: TUploadPurpose) =>
  callUpload(commonFileUpload, file, purpose ? { purpose } : {});

/** The pathUrl of the config list (base address of the second service and the assistant). */
export async function fetchPathUrl(): Promise<string | null> {
  const list = await call(sysConfigList, {}, { silent: true }).catch(() => [] as ConfigItem[]);
  return (Array.isArray(list) ? list : []).find((item) => item.title === 'pathUrl')?.value ?? null;
}

// The second client is built on axios: loaded when first used, not with the first page.
export const secondClient = () => import('./second-client').then((m) => m.getSecondClient(fetchPathUrl));

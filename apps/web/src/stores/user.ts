/** The signed-in user (SPEC 3 "Current user") and their admin routes. */
import type { TMenuRoute, TUserInfo } from '@exam/contracts';
import { create } from 'zustand';
import { getToken, removeToken, setToken } from '../utils/auth';

export interface UserState {
  token: string | undefined;
  userId: string;
  userName: string;
  realName: string;
  avatar: string;
  roleType: number;
  roles: string[];
  permissions: string[];
  unreadMsg: number;
  mobile: string;
  deptCode: string;
  /** The department's name and the roles' names, shown instead of codes. */
  deptName: string;
  roleNames: string[];
  /** Learner features switched on (直播课堂, 学习助教): no entry leads to "not configured". */
  features: TUserInfo['features'];
  routes: TMenuRoute[];
  /** True once info and routes were fetched for the current token (the "roles loaded" state of SPEC 4). */
  loaded: boolean;
  setToken: (token: string) => void;
  setInfo: (info: TUserInfo) => void;
  setRoutes: (routes: TMenuRoute[]) => void;
  setUnread: (count: number) => void;
  patch: (fields: Partial<Pick<UserState, 'realName' | 'avatar' | 'mobile'>>) => void;
  /** Clears the token and everything known about the user. */
  resetToken: () => void;
}

const empty = {
  userId: '',
  userName: '',
  realName: '',
  avatar: '',
  roleType: 0,
  roles: [] as string[],
  permissions: [] as string[],
  unreadMsg: 0,
  mobile: '',
  deptCode: '',
  deptName: '',
  roleNames: [] as string[],
  features: { live: false, assistant: false },
  routes: [] as TMenuRoute[],
  loaded: false,
};

export const useUserStore = create<UserState>((set) => ({
  token: getToken(),
  ...empty,
  setToken: (token) => {
    setToken(token);
    set({ token, loaded: false });
  },
  setInfo: (info) =>
    set({
      userId: info.id,
      userName: info.userName,
      realName: info.realName,
      avatar: info.avatar ?? '',
      roleType: info.roleType,
      roles: info.roles,
      permissions: info.permissions,
      unreadMsg: info.unreadMsg ?? 0,
      mobile: info.mobile ?? '',
      deptCode: info.deptCode ?? '',
      deptName: info.deptName ?? '',
      roleNames: info.roleNames ?? [],
      features: info.features ?? empty.features,
    }),
  setRoutes: (routes) => set({ routes, loaded: true }),
  setUnread: (unreadMsg) => set({ unreadMsg }),
  patch: (fields) => set(fields),
  resetToken: () => {
    removeToken();
    set({ token: undefined, ...empty });
  },
}));

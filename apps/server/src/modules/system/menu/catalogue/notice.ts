/** Menus and permission tags of system notices (通知公告). */
import { MenuType, type PermissionTag } from '@exam/contracts';
import type { CatalogueEntry } from './entry.js';

const f = (permission: PermissionTag, title: string, sort: number): CatalogueEntry => ({
  key: permission,
  parentKey: 'notice',
  type: MenuType.FUNCTION,
  title,
  permission,
  sort,
});

export const noticeCatalogue: CatalogueEntry[] = [
  {
    key: 'notice-root',
    parentKey: null,
    type: MenuType.MENU,
    title: '通知公告',
    path: '/admin/notice',
    component: 'Layout',
    redirect: '/admin/notice/index',
    icon: 'NotificationOutlined',
    sort: 850,
  },
  {
    key: 'notice',
    parentKey: 'notice-root',
    type: MenuType.MENU,
    title: '通知公告',
    path: 'index',
    name: 'Notice',
    component: 'admin/notice',
    icon: 'NotificationOutlined',
    sort: 0,
  },
  f('notice:notice:view', '查看公告', 1),
  f('notice:notice:save', '编辑公告', 2),
  f('notice:notice:publish', '发布/撤回公告', 3),
  f('notice:notice:delete', '删除公告', 4),
];

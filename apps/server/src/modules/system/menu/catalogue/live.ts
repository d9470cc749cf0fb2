/** Menus and permission tags of live classes (直播管理). */
import { MenuType, type PermissionTag } from '@exam/contracts';
import type { CatalogueEntry } from './entry.js';

const f = (permission: PermissionTag, title: string, sort: number): CatalogueEntry => ({
  key: permission,
  parentKey: 'live',
  type: MenuType.FUNCTION,
  title,
  permission,
  sort,
});

export const liveCatalogue: CatalogueEntry[] = [
  {
    key: 'live-root',
    parentKey: null,
    type: MenuType.MENU,
    title: '直播管理',
    path: '/admin/live',
    component: 'Layout',
    redirect: '/admin/live/index',
    icon: 'VideoCameraOutlined',
    sort: 460,
  },
  {
    key: 'live',
    parentKey: 'live-root',
    type: MenuType.MENU,
    title: '直播管理',
    path: 'index',
    name: 'Live',
    component: 'admin/live',
    icon: 'VideoCameraOutlined',
    sort: 0,
  },
  f('live:live:view', '查看直播', 1),
  f('live:live:save', '编辑直播', 2),
  f('live:live:delete', '删除直播', 3),
  f('live:live:push', '推流地址与密钥', 4),
  f('live:stat:view', '直播统计', 5),
  f('live:stat:export', '导出直播统计', 6),
  f('live:chat:manage', '管理互动消息（删除、禁言）', 7),
];

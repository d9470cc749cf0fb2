/** Menus and permission tags of courses (课程管理). */
import { MenuType, type PermissionTag } from '@exam/contracts';
import type { CatalogueEntry } from './entry.js';

const f = (permission: PermissionTag, title: string, sort: number): CatalogueEntry => ({
  key: permission,
  parentKey: 'course',
  type: MenuType.FUNCTION,
  title,
  permission,
  sort,
});

export const courseCatalogue: CatalogueEntry[] = [
  {
    key: 'course-root',
    parentKey: null,
    type: MenuType.MENU,
    title: '课程管理',
    path: '/admin/course',
    component: 'Layout',
    redirect: '/admin/course/index',
    icon: 'PlayCircleOutlined',
    sort: 450,
  },
  {
    key: 'course',
    parentKey: 'course-root',
    type: MenuType.MENU,
    title: '课程管理',
    path: 'index',
    name: 'Course',
    component: 'admin/course',
    icon: 'PlayCircleOutlined',
    sort: 0,
  },
  f('course:course:view', '查看课程', 1),
  f('course:course:save', '编辑课程', 2),
  f('course:course:publish', '发布/下架课程', 3),
  f('course:course:delete', '删除课程', 4),
  f('course:stat:view', '学习进度', 5),
  f('course:stat:export', '导出学习进度', 6),
];

import { describe, expect, it } from 'vitest';
import { createRouteSearch, searchableRoutes } from './route-search';

describe('route search (SPEC 2: Fuse 0.4, title 0.7, path 0.3)', () => {
  const items = searchableRoutes([
    {
      path: '/admin',
      name: 'R',
      component: 'Layout',
      redirect: '/admin/dashboard',
      meta: { title: '控制台' },
      children: [{ path: 'dashboard', name: 'D', component: 'admin/dashboard', meta: { title: '控制台' } }],
    },
    {
      path: '/admin/sys',
      name: 'S',
      component: 'Layout',
      alwaysShow: true,
      meta: { title: '系统管理' },
      children: [
        { path: 'user', name: 'U', component: 'admin/sys/user', meta: { title: '用户管理' } },
        { path: 'role', name: 'Ro', component: 'admin/sys/role', meta: { title: '角色管理' } },
        { path: 'hidden', name: 'H', component: 'admin/sys/x', hidden: true, meta: { title: '隐藏页' } },
      ],
    },
  ]);
  it('lists visible pages with their title trail', () => {
    expect(items).toEqual([
      { path: '/admin/dashboard', title: ['控制台'] },
      { path: '/admin/sys/user', title: ['系统管理', '用户管理'] },
      { path: '/admin/sys/role', title: ['系统管理', '角色管理'] },
    ]);
  });
  it('finds by title and by path', () => {
    const search = createRouteSearch(items);
    expect(search('用户')[0].path).toBe('/admin/sys/user');
    expect(search('role')[0].path).toBe('/admin/sys/role');
    expect(search('  ')).toEqual([]);
  });
});

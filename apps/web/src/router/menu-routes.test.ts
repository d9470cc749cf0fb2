import type { TMenuRoute } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { flattenMenus, joinPath, menuTrail } from './menu-routes';

const routes: TMenuRoute[] = [
  {
    path: '/admin',
    name: 'Root',
    component: 'Layout',
    redirect: '/admin/dashboard',
    meta: { title: '控制台' },
    children: [
      { path: 'dashboard', name: 'Dashboard', component: 'admin/dashboard', meta: { title: '控制台', affix: true } },
    ],
  },
  {
    path: '/admin/sys',
    name: 'Sys',
    component: 'Layout',
    redirect: '/admin/sys/user',
    alwaysShow: true,
    meta: { title: '系统管理' },
    children: [
      { path: 'user', name: 'SysUser', component: 'admin/sys/user', meta: { title: '用户管理' } },
      { path: 'log', name: 'SysLog', component: 'admin/sys/log', meta: { title: '系统日志', noCache: true } },
      {
        path: 'log/detail/:id',
        name: 'SysLogDetail',
        component: 'admin/sys/log',
        hidden: true,
        meta: { title: '日志详情', noCache: true },
      },
    ],
  },
];

describe('menu routes', () => {
  it('joins relative and absolute paths', () => {
    expect(joinPath('/admin', 'dashboard')).toBe('/admin/dashboard');
    expect(joinPath('/admin/', '/web/x')).toBe('/web/x');
    expect(joinPath('', '/admin')).toBe('/admin');
  });

  it('flattens menus into pages of the admin layout and redirects', () => {
    const flat = flattenMenus(routes);
    expect(flat.map((r) => [r.path, r.layout, r.component ?? `-> ${r.redirect}`])).toEqual([
      ['/admin', 'admin', '-> /admin/dashboard'],
      ['/admin/dashboard', 'admin', 'admin/dashboard'],
      ['/admin/sys', 'admin', '-> /admin/sys/user'],
      ['/admin/sys/user', 'admin', 'admin/sys/user'],
      ['/admin/sys/log', 'admin', 'admin/sys/log'],
      ['/admin/sys/log/detail/:id', 'admin', 'admin/sys/log'],
    ]);
    expect(flat[1].meta.affix).toBe(true);
  });

  it('nests WebLayout menus in the learner layout', () => {
    const flat = flattenMenus([
      {
        path: '/web',
        name: 'W',
        component: 'WebLayout',
        meta: { title: '学员' },
        children: [{ path: 'live', name: 'L', component: 'web/live', meta: { title: '直播' } }],
      },
    ]);
    expect(flat).toEqual([expect.objectContaining({ path: '/web/live', layout: 'web', component: 'web/live' })]);
  });

  it('builds breadcrumbs without repeating a layout title', () => {
    expect(menuTrail(routes, '/admin/sys/user').map((c) => c.title)).toEqual(['系统管理', '用户管理']);
    expect(menuTrail(routes, '/admin/dashboard').map((c) => c.title)).toEqual(['控制台']);
    expect(menuTrail(routes, '/admin/sys/log/detail/42').map((c) => c.title)).toEqual(['系统管理', '日志详情']);
    expect(menuTrail(routes, '/nowhere')).toEqual([]);
  });
});

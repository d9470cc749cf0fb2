import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_KEY, useAppStore } from './app';
import { useTagsViewStore } from './tags-view';
import { useUserStore } from './user';

describe('tags view store', () => {
  beforeEach(() => useTagsViewStore.getState().reset());
  const add = useTagsViewStore.getState().addView;

  it('keeps affix tags and caches all but noCache pages', () => {
    add({ path: '/admin/dashboard', fullPath: '/admin/dashboard', title: '控制台', affix: true });
    add({ path: '/admin/sys/user', fullPath: '/admin/sys/user', title: '用户管理' });
    add({ path: '/admin/sys/log', fullPath: '/admin/sys/log', title: '日志', noCache: true });
    add({ path: '/admin/sys/user', fullPath: '/admin/sys/user?x=1', title: '用户管理' });
    let s = useTagsViewStore.getState();
    expect(s.visited.map((v) => v.path)).toEqual(['/admin/dashboard', '/admin/sys/user', '/admin/sys/log']);
    expect(s.visited[1].fullPath).toBe('/admin/sys/user?x=1');
    expect(s.cached).toEqual(['/admin/dashboard', '/admin/sys/user']);
    s.delView('/admin/dashboard');
    s.delView('/admin/sys/user');
    s = useTagsViewStore.getState();
    expect(s.visited.map((v) => v.path)).toEqual(['/admin/dashboard', '/admin/sys/log']);
    expect(s.cached).toEqual(['/admin/dashboard']);
  });

  it('closes others and all but never affix tags', () => {
    add({ path: '/a', fullPath: '/a', title: 'A', affix: true });
    add({ path: '/b', fullPath: '/b', title: 'B' });
    add({ path: '/c', fullPath: '/c', title: 'C' });
    useTagsViewStore.getState().delOthers('/c');
    expect(useTagsViewStore.getState().visited.map((v) => v.path)).toEqual(['/a', '/c']);
    useTagsViewStore.getState().delAll();
    expect(useTagsViewStore.getState().visited.map((v) => v.path)).toEqual(['/a']);
    expect(useTagsViewStore.getState().cached).toEqual(['/a']);
  });
});

describe('app store', () => {
  it('keeps the sidebar state in a cookie (1/0) and the size in a cookie', () => {
    const app = useAppStore.getState();
    const before = app.sidebarOpened;
    app.toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe(before ? '0' : '1');
    useAppStore.getState().closeSidebar(true);
    expect(Cookies.get('sidebarStatus')).toBe('0');
    useAppStore.getState().setSize('small');
    expect(Cookies.get('size')).toBe('small');
    expect(useAppStore.getState().size).toBe('small');
  });

  it('takes layout defaults from the site config until the user changes them', () => {
    localStorage.removeItem(SETTINGS_KEY);
    useAppStore.getState().setSite({ siteName: '云帆', tagsView: false, fixedHeader: false });
    expect(useAppStore.getState().settings).toEqual({ tagsView: false, fixedHeader: false, sidebarLogo: true });
    useAppStore.getState().changeSetting('tagsView', true);
    useAppStore.getState().setSite({ tagsView: false });
    expect(useAppStore.getState().settings.tagsView).toBe(true);
    useAppStore.getState().setTheme('#722ed1');
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')).toMatchObject({ tagsView: true, theme: '#722ed1' });
  });
});

describe('user store', () => {
  it('keeps the token in the token cookie and resets everything', () => {
    useUserStore.getState().setToken('abc');
    expect(Cookies.get('token')).toBe('abc');
    useUserStore.getState().setRoutes([]);
    expect(useUserStore.getState().loaded).toBe(true);
    useUserStore.getState().resetToken();
    expect(Cookies.get('token')).toBeUndefined();
    expect(useUserStore.getState()).toMatchObject({ token: undefined, loaded: false, roles: [], routes: [] });
  });
});

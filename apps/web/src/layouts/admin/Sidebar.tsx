/** Admin sidebar from the server's routes: antd Menu, icons by name, 210 px, drawer on mobile. */
import type { TMenuRoute } from '@exam/contracts';
import { Drawer, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { joinPath } from '../../router/menu-routes';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import { MenuIcon } from './icons';

type Item = Required<MenuProps>['items'][number];

/** vue-element-admin rules: hidden entries skipped; a layout with one page shows the page itself. */
export function menuItems(routes: TMenuRoute[], base = ''): Item[] {
  const items: Item[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const path = joinPath(base, route.path);
    const children = (route.children ?? []).filter((c) => !c.hidden);
    if (children.length === 1 && !route.alwaysShow && !children[0].children?.some((c) => !c.hidden)) {
      const only = children[0];
      const onlyPath = joinPath(path, only.path);
      items.push({
        key: onlyPath,
        icon: <MenuIcon name={only.meta.icon ?? route.meta.icon} />,
        label: only.meta.title,
      });
    } else if (children.length) {
      items.push({
        key: path,
        icon: <MenuIcon name={route.meta.icon} />,
        label: route.meta.title,
        children: menuItems(children, path),
      });
    } else {
      items.push({ key: path, icon: <MenuIcon name={route.meta.icon} />, label: route.meta.title });
    }
  }
  return items;
}

function SidebarMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const routes = useUserStore((s) => s.routes);
  const site = useAppStore((s) => s.site);
  const showLogo = useAppStore((s) => s.settings.sidebarLogo);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => menuItems(routes), [routes]);
  const parents = pathname
    .split('/')
    .filter(Boolean)
    .map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`);
  const [openKeys, setOpenKeys] = useState<string[]>(parents);
  const parentKey = parents.join('|');
  // Keep the submenu of the current page open (after navigation and after re-expanding).
  useEffect(() => {
    if (collapsed) return;
    setOpenKeys((keys) => [...new Set([...keys, ...parentKey.split('|')])]);
  }, [parentKey, collapsed]);
  return (
    <>
      {showLogo && (
        <div className="admin-sider__logo">
          <img src={site.backLogo || '/favicon.svg'} alt="logo" />
          {!collapsed && <span>{site.siteName}</span>}
        </div>
      )}
      <Menu
        theme="dark"
        mode="inline"
        inlineCollapsed={collapsed}
        style={{ background: 'transparent', borderInlineEnd: 0 }}
        items={items}
        selectedKeys={[pathname]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </>
  );
}

export default function Sidebar() {
  const opened = useAppStore((s) => s.sidebarOpened);
  const device = useAppStore((s) => s.device);
  const toggle = useAppStore((s) => s.toggleSidebar);
  if (device === 'mobile') {
    return (
      <Drawer
        placement="left"
        open={opened}
        onClose={toggle}
        closable={false}
        size={210}
        styles={{ body: { padding: 0, background: 'var(--sidebar-bg)' } }}
      >
        <SidebarMenu collapsed={false} onNavigate={toggle} />
      </Drawer>
    );
  }
  return (
    <aside
      className="admin-sider"
      style={{ width: opened ? 'var(--sidebar-width)' : 'var(--sidebar-collapsed)', background: 'var(--sidebar-bg)' }}
      data-testid="admin-sidebar"
    >
      <SidebarMenu collapsed={!opened} />
    </aside>
  );
}

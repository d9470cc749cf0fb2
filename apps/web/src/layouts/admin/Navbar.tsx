/** Admin top bar: sidebar toggle, breadcrumbs, search, fullscreen, size, settings, user menu. */
import {
  DownOutlined,
  FontSizeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Breadcrumb, Dropdown, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import screenfull from 'screenfull';
import { useConfirmLogout } from '../../hooks/useConfirmLogout';
import { menuTrail } from '../../router/menu-routes';
import { SIZE_LABELS, SIZES, type SizeName, useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import HeaderSearch from './HeaderSearch';

export const FULLSCREEN_UNSUPPORTED = 'you browser can not work';

function FullscreenToggle() {
  const { message } = App.useApp();
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const onChange = () => setFull(screenfull.isFullscreen);
    screenfull.on('change', onChange);
    return () => screenfull.off('change', onChange);
  }, []);
  return (
    <Tooltip title={full ? '退出全屏' : '全屏'}>
      <button
        type="button"
        className="admin-navbar__item bare-btn"
        data-testid="fullscreen-toggle"
        onClick={() => {
          if (!screenfull.isEnabled) {
            message.warning(FULLSCREEN_UNSUPPORTED);
            return;
          }
          void screenfull.toggle();
        }}
      >
        {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}

function SizeSelect() {
  const { message } = App.useApp();
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: SIZE_LABELS[s] })),
        onClick: ({ key }) => {
          setSize(key as SizeName);
          message.success('切换大小成功');
        },
      }}
    >
      <Tooltip title="布局大小">
        <span className="admin-navbar__item" data-testid="size-select">
          <FontSizeOutlined />
        </span>
      </Tooltip>
    </Dropdown>
  );
}

export default function Navbar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const opened = useAppStore((s) => s.sidebarOpened);
  const toggle = useAppStore((s) => s.toggleSidebar);
  const routes = useUserStore((s) => s.routes);
  const realName = useUserStore((s) => s.realName);
  const avatar = useUserStore((s) => s.avatar);
  const logout = useConfirmLogout(false);
  const trail = useMemo(() => menuTrail(routes, pathname), [routes, pathname]);
  const crumbs = pathname === '/profile/index' ? [{ title: '个人中心', path: pathname }] : trail;

  return (
    <div className="admin-navbar">
      <button type="button" className="admin-navbar__toggle bare-btn" onClick={toggle} data-testid="sidebar-toggle">
        {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <Breadcrumb
        items={[
          { title: <Link to="/admin/dashboard">首页</Link> },
          ...crumbs.filter((c) => c.path !== '/admin/dashboard').map((c) => ({ title: c.title })),
        ]}
      />
      <div className="admin-navbar__right">
        <HeaderSearch />
        <FullscreenToggle />
        <SizeSelect />
        <Tooltip title="系统布局设置">
          <button
            type="button"
            className="admin-navbar__item bare-btn"
            onClick={onOpenSettings}
            data-testid="settings-open"
          >
            <SettingOutlined />
          </button>
        </Tooltip>
        <Dropdown
          menu={{
            items: [
              { key: '/profile/index', label: '个人中心' },
              { key: '/web/index', label: '学员首页' },
              { type: 'divider' },
              { key: 'logout', label: '退出登录' },
            ],
            onClick: ({ key }) => (key === 'logout' ? logout() : navigate(key)),
          }}
        >
          <span className="admin-navbar__user" data-testid="user-menu">
            <Avatar size={30} src={avatar || undefined} icon={<UserOutlined />} />
            <span>{realName}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </span>
        </Dropdown>
      </div>
    </div>
  );
}

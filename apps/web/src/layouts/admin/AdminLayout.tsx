/** The admin layout (Layout): sidebar, header (navbar + tags), kept-alive pages, settings drawer. */
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import ErrorBoundary from '../../components/ErrorBoundary';
import { useDevice } from '../../hooks/useDevice';
import { flattenMenus } from '../../router/menu-routes';
import { FullPageLoading } from '../../router/RouteGuard';
import { findRoute } from '../../router/route-meta';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import KeepAlive from './KeepAlive';
import Navbar from './Navbar';
import SettingsDrawer from './SettingsDrawer';
import Sidebar from './Sidebar';
import TagsView from './TagsView';

export default function AdminLayout() {
  useDevice();
  const { pathname } = useLocation();
  const opened = useAppStore((s) => s.sidebarOpened);
  const device = useAppStore((s) => s.device);
  const settings = useAppStore((s) => s.settings);
  const theme = useAppStore((s) => s.theme);
  const routes = useUserStore((s) => s.routes);
  const flat = useMemo(() => flattenMenus(routes), [routes]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const noCache = Boolean(findRoute(pathname, flat)?.meta.noCache);

  useEffect(() => {
    document.documentElement.style.setProperty('--app-primary', theme);
  }, [theme]);

  const marginLeft = device === 'mobile' ? 0 : opened ? 'var(--sidebar-width)' : 'var(--sidebar-collapsed)';
  return (
    <div className="admin-layout" data-testid="admin-layout">
      <Sidebar />
      <div className="admin-main" style={{ marginLeft }}>
        <header className={`admin-header${settings.fixedHeader ? ' admin-header--fixed' : ''}`}>
          <Navbar onOpenSettings={() => setSettingsOpen(true)} />
          {settings.tagsView && <TagsView />}
        </header>
        <main className="admin-content">
          <Suspense fallback={<FullPageLoading />}>
            <ErrorBoundary resetKey={pathname}>
              <KeepAlive noCache={noCache} />
            </ErrorBoundary>
          </Suspense>
        </main>
      </div>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}

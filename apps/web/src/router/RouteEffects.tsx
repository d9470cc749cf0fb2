/** Per-navigation effects: progress bar, scroll to top, page title (SPEC 2 behaviours). */
import NProgress from 'nprogress';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';
import { flattenMenus } from './menu-routes';
import { findRoute, pageTitle } from './route-meta';

// nprogress's default template gives its bar role="bar", not an ARIA role: a decorative bar here.
// nprogress finds its bar by `barSelector` (by default that very role), so it is found by class.
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" role="presentation"><div class="peg"></div></div>',
  barSelector: '.bar',
});

export default function RouteEffects() {
  const { pathname } = useLocation();
  const siteName = useAppStore((s) => s.site.siteName);
  const routes = useUserStore((s) => s.routes);
  const flat = useMemo(() => flattenMenus(routes), [routes]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    NProgress.start();
    window.scrollTo?.(0, 0);
    const timer = setTimeout(() => NProgress.done(), 250);
    return () => {
      clearTimeout(timer);
      NProgress.done();
    };
  }, [pathname]);

  useEffect(() => {
    document.title = pageTitle(findRoute(pathname, flat)?.meta.title, siteName);
  }, [pathname, flat, siteName]);

  return null;
}

/** Providers: antd (zh_CN, size, theme colour), TanStack Query, the router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { fetchSiteConfig } from './api/system';
import ErrorBoundary from './components/ErrorBoundary';
import { useMediaQuery } from './hooks/useMediaQuery';
import RouteEffects from './router/RouteEffects';
import AppRoutes from './routes/AppRoutes';
import { type SizeName, useAppStore } from './stores/app';
import { setSiteTimeZone } from './utils/date-format';

dayjs.locale('zh-cn');

/** Toasts start below the 60 px header instead of covering it (the hand-in toast). */
export const TOAST_TOP = 72;
message.config({ top: TOAST_TOP });

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

/** Font sizes of SPEC 9 mapped to antd component sizes and a base font size. */
export const SIZE_MAP: Record<SizeName, { componentSize: 'large' | 'middle' | 'small'; fontSize: number }> = {
  default: { componentSize: 'large', fontSize: 15 },
  medium: { componentSize: 'middle', fontSize: 14 },
  small: { componentSize: 'small', fontSize: 13 },
  mini: { componentSize: 'small', fontSize: 12 },
};

function useSiteConfig() {
  const setSite = useAppStore((s) => s.setSite);
  useEffect(() => {
    fetchSiteConfig()
      .then((site) => {
        setSiteTimeZone(site?.timeZone);
        setSite(site ?? {});
      })
      .catch(() => setSite({}));
  }, [setSite]);
}

function GuardedRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <AppRoutes />
    </ErrorBoundary>
  );
}

/**
 * The system setting 减弱动态效果 (prefers-reduced-motion): antd's dialogs, drawers, dropdowns and
 * toasts then appear at once instead of sliding and zooming, and buttons lose their click ripple,
 * which motion-sensitive people ask for.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export default function App() {
  const size = useAppStore((s) => s.size);
  const theme = useAppStore((s) => s.theme);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  useSiteConfig();
  const { componentSize, fontSize } = SIZE_MAP[size];
  return (
    <ConfigProvider
      locale={zhCN}
      componentSize={componentSize}
      theme={{ token: { colorPrimary: theme, fontSize, borderRadius: 6, motion: !reducedMotion } }}
      wave={{ disabled: reducedMotion }}
    >
      <AntApp message={{ top: TOAST_TOP }}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <RouteEffects />
            <GuardedRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

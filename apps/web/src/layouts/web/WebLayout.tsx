/** The learner layout (WebLayout): header, page, footer with the copyright, assistant chat. */
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import ErrorBoundary from '../../components/ErrorBoundary';
import { FullPageLoading } from '../../router/RouteGuard';
import { useAppStore } from '../../stores/app';
import WebHeader from './WebHeader';

// The assistant's floating button and dialog come after the page (FloatButton, Modal: not first-paint work).
const AssistantChat = lazy(() => import('./AssistantChat'));

export default function WebLayout() {
  const copyRight = useAppStore((s) => s.site.copyRight);
  const { pathname } = useLocation();
  return (
    <div className="web-layout">
      <WebHeader />
      <main className="web-main">
        <Suspense fallback={<FullPageLoading />}>
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </Suspense>
      </main>
      {copyRight && <footer className="web-footer">{copyRight}</footer>}
      <Suspense fallback={null}>
        <AssistantChat />
      </Suspense>
    </div>
  );
}

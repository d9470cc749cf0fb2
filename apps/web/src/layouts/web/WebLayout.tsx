/** The learner layout (WebLayout): header, page, footer with the copyright, assistant chat. */
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import ErrorBoundary from '../../components/ErrorBoundary';
import { FullPageLoading } from '../../router/RouteGuard';
import { useAppStore } from '../../stores/app';
import AssistantChat from './AssistantChat';
import WebHeader from './WebHeader';

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
      <AssistantChat />
    </div>
  );
}

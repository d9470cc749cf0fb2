/** Carries out the decisions of guard-decision.ts (SPEC 4) around every route. */
import { Button, message, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { fetchMenuRoutes, fetchUserInfo } from '../api/system';
import StatusBlock from '../components/StatusBlock';
import { useUserStore } from '../stores/user';
import { decideAfterLoad, decideOnError, decideRoute, type LoadOutcome } from './guard-decision';

export function FullPageLoading({ tip = '加载中...' }: { tip?: string }) {
  return (
    <div className="full-page-loading">
      <Spin size="large" />
      <div className="full-page-loading__tip">{tip}</div>
    </div>
  );
}

export default function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useUserStore((s) => s.token);
  const loaded = useUserStore((s) => s.loaded);
  const roleType = useUserStore((s) => s.roleType);
  const loadingFor = useRef<string | null>(null);
  /** A load that got no answer: the token stays, the page offers 重试. */
  const [networkError, setNetworkError] = useState<string | null>(null);

  const decision = decideRoute({
    path: location.pathname,
    search: location.search,
    hasToken: Boolean(token),
    loaded,
    roleType,
  });

  useEffect(() => {
    if (decision.kind !== 'load' || !token || loadingFor.current === token || networkError) return;
    loadingFor.current = token;
    const { pathname, search } = location;
    const fail = (outcome: Extract<LoadOutcome, { kind: 'fail' }>) => {
      useUserStore.getState().resetToken();
      message.error({ content: outcome.message, duration: 5 });
      navigate(outcome.to, { replace: true });
    };
    (async () => {
      try {
        // One after the other: a refused token must end the session once (10010002 drops the token and
        // reloads); two refusals racing each other lost the login page's 登录已过期 notice.
        const info = await fetchUserInfo({ silent: true });
        useUserStore.getState().setInfo(info);
        const routes = await fetchMenuRoutes({ silent: true });
        const outcome = decideAfterLoad(info.roleType, routes, pathname, search);
        if (outcome.kind === 'fail') fail(outcome);
        else useUserStore.getState().setRoutes(routes ?? []);
      } catch (error) {
        const outcome = decideOnError(error);
        if (outcome.kind === 'fail') fail(outcome);
        else if (outcome.kind === 'retry') setNetworkError(outcome.message);
      } finally {
        loadingFor.current = null;
      }
    })();
    // networkError: 重试 clears it, which runs the load again
  }, [decision.kind, token, location, navigate, networkError]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load' && networkError)
    return (
      <StatusBlock
        status="warning"
        title={networkError}
        subTitle="暂时连不上服务器，请检查网络后重试"
        data-testid="guard-network-error"
        extra={
          <Button
            type="primary"
            onClick={() => {
              setNetworkError(null);
            }}
          >
            重试
          </Button>
        }
      />
    );
  if (decision.kind === 'load') return <FullPageLoading />;
  return <Outlet />;
}

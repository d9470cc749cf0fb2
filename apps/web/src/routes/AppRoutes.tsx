/** The route table: open pages, the learner layout, the admin layout built from the server's menus. */
import { type ComponentType, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { flattenMenus } from '../router/menu-routes';
import RouteGuard, { FullPageLoading } from '../router/RouteGuard';
import { fullScreenRoutes, webRoutes } from '../router/web-routes';
import { useUserStore } from '../stores/user';
import { learnerPages } from './learner-pages';
import { resolvePage } from './pages';

const AdminLayout = lazy(() => import('../layouts/admin/AdminLayout'));
const WebLayout = lazy(() => import('../layouts/web/WebLayout'));
const Login = lazy(() => import('../pages/login/index'));
const Register = lazy(() => import('../pages/register/index'));
const Forgot = lazy(() => import('../pages/forgot/index'));
const Help = lazy(() => import('../pages/help/index'));
const Sync = lazy(() => import('../pages/sync/index'));
const Error401 = lazy(() => import('../pages/error/Error401'));
const Error404 = lazy(() => import('../pages/error/Error404'));
const Redirect = lazy(() => import('../pages/redirect/index'));
const Profile = lazy(() => import('../pages/profile/index'));
const CertVerify = lazy(() => import('../pages/cert/verify/index'));
/** The candidate's pages (an exam's link): outside the route guard, a candidate is no organisation user. */
const CandidateApp = lazy(() => import('../pages/candidate/CandidateApp'));
/** The second camera's phone (远程监考): its link's token is its only key, no sign-in. */
const ProctorSecond = lazy(() => import('../pages/web/proctor/SecondCamera'));

const page = (Component: ComponentType<any>, fallback: ReactNode = <FullPageLoading />): ReactNode => (
  <Suspense fallback={fallback}>
    <Component />
  </Suspense>
);

export function buildRoutes(menus: ReturnType<typeof flattenMenus>): RouteObject[] {
  const toRoute = (r: (typeof menus)[number]): RouteObject =>
    r.redirect
      ? { path: r.path, element: <Navigate to={r.redirect} replace /> }
      : { path: r.path, element: page(resolvePage(r.component ?? '')) };
  const admin = menus.filter((r) => r.layout === 'admin').map(toRoute);
  const web = menus.filter((r) => r.layout === 'web').map(toRoute);
  const bare = menus.filter((r) => r.layout === 'none').map(toRoute);
  const loading = <FullPageLoading />;
  return [
    { path: '/candidate/:token/*', element: page(CandidateApp, loading) },
    { path: '/web/proctor/second', element: page(ProctorSecond, loading) },
    {
      element: <RouteGuard />,
      children: [
        { path: '/login', element: page(Login, loading) },
        { path: '/register', element: page(Register, loading) },
        { path: '/forgot', element: page(Forgot, loading) },
        { path: '/help', element: page(Help, loading) },
        { path: '/sync', element: page(Sync, loading) },
        { path: '/401', element: page(Error401, loading) },
        { path: '/404', element: page(Error404, loading) },
        { path: '/cert/verify', element: page(CertVerify, loading) },
        { path: '/cert/verify/:code', element: page(CertVerify, loading) },
        { path: '/course', element: <Navigate to="/web/course" replace /> },
        { path: '/profile', element: <Navigate to="/profile/index" replace /> },
        { path: '/', element: loading },
        {
          element: page(AdminLayout, loading),
          children: [
            { path: '/profile/index', element: page(Profile) },
            { path: '/redirect/*', element: page(Redirect) },
            ...admin,
          ],
        },
        {
          element: page(WebLayout, loading),
          children: [...webRoutes.map((r) => ({ path: r.path, element: page(learnerPages[r.path]) })), ...web],
        },
        ...fullScreenRoutes.map((r) => ({
          path: r.path,
          element: <div className="fullscreen-page">{page(learnerPages[r.path], loading)}</div>,
        })),
        ...bare,
        { path: '*', element: page(Error404, loading) },
      ],
    },
  ];
}

export default function AppRoutes() {
  const menus = useUserStore((s) => s.routes);
  const routes = useMemo(() => buildRoutes(flattenMenus(menus)), [menus]);
  return useRoutes(routes);
}

/**
 * The learner route table of SPEC 2, one lazy import per page. Engineers of later issues replace
 * the page file pages/web/<area>/index.tsx; this table stays as it is.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface StaticRoute {
  path: string;
  title: string;
  Component: LazyExoticComponent<ComponentType<any>>;
  /** The top button / menu it highlights. */
  activeMenu?: string;
}

/** Inside the learner layout (WebLayout). */
export const webRoutes: StaticRoute[] = [
  { path: '/web/index', title: '在线考试', Component: lazy(() => import('../pages/web/index/index')) },
  {
    path: '/web/exam/check/:id',
    title: '考试校验',
    Component: lazy(() => import('../pages/web/exam/check/index')),
    activeMenu: '/web/index',
  },
  {
    path: '/web/exam/result/:id',
    title: '考试结果',
    Component: lazy(() => import('../pages/web/exam/result/index')),
    activeMenu: '/web/index',
  },
  { path: '/web/qu/view/:id', title: '试题详情', Component: lazy(() => import('../pages/web/qu/view/index')) },
  { path: '/web/uc', title: '用户中心', Component: lazy(() => import('../pages/web/uc/index')) },
  { path: '/web/notice', title: '系统公告', Component: lazy(() => import('../pages/web/notice/index')) },
  {
    path: '/web/notice/detail/:id',
    title: '公告详情',
    Component: lazy(() => import('../pages/web/notice/detail/index')),
    activeMenu: '/web/notice',
  },
  { path: '/web/paper', title: '我的成绩', Component: lazy(() => import('../pages/web/paper/index')) },
  {
    path: '/web/paper/list/:examId/:userId',
    title: '考试记录',
    Component: lazy(() => import('../pages/web/paper/list/index')),
  },
  { path: '/web/book', title: '我的错题本', Component: lazy(() => import('../pages/web/book/index')) },
  { path: '/web/book/list/:examId', title: '考试错题', Component: lazy(() => import('../pages/web/book/list/index')) },
  { path: '/web/repo', title: '题库训练', Component: lazy(() => import('../pages/web/repo/index')) },
  { path: '/web/repo/view/:repoId', title: '题库详情', Component: lazy(() => import('../pages/web/repo/view/index')) },
  {
    path: '/web/repo/training/:repoId/:mode',
    title: '开始训练',
    Component: lazy(() => import('../pages/web/repo/training/index')),
  },
  { path: '/web/repo/repo/:trainId', title: '训练结果', Component: lazy(() => import('../pages/web/repo/repo/index')) },
  { path: '/web/course', title: '课程学习', Component: lazy(() => import('../pages/web/course/index')) },
  {
    path: '/web/course/view/:courseId',
    title: '课程详情',
    Component: lazy(() => import('../pages/web/course/view/index')),
    activeMenu: '/web/course',
  },
  {
    path: '/web/course/view/:courseId/:fileId',
    title: '课程详情',
    Component: lazy(() => import('../pages/web/course/view/index')),
    activeMenu: '/web/course',
  },
  { path: '/web/live', title: '直播课堂', Component: lazy(() => import('../pages/web/live/index')) },
  {
    path: '/web/live/:id',
    title: '观看直播',
    Component: lazy(() => import('../pages/web/live/watch/index')),
    activeMenu: '/web/live',
  },
];

/** Full-screen learner pages: outside the layout, sign-in still required. */
export const fullScreenRoutes: StaticRoute[] = [
  {
    path: '/web/exam/start/:id',
    title: '开始考试',
    Component: lazy(() => import('../pages/web/exam/start/index')),
    activeMenu: '/web/index',
  },
  { path: '/web/exam/debug', title: '设备调试', Component: lazy(() => import('../pages/web/exam/debug/index')) },
];

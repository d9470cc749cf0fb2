/**
 * The page each learner route renders, one lazy import per page (the paths and titles:
 * router/web-routes.ts). The two course routes keep a lazy component each, so moving between a
 * course and one of its files mounts the page afresh as it always has.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { LearnerPath } from '../router/web-routes';

export const learnerPages: Record<LearnerPath, LazyExoticComponent<ComponentType<any>>> = {
  '/web/index': lazy(() => import('../pages/web/index/index')),
  '/web/exam/check/:id': lazy(() => import('../pages/web/exam/check/index')),
  '/web/exam/result/:id': lazy(() => import('../pages/web/exam/result/index')),
  '/web/qu/view/:id': lazy(() => import('../pages/web/qu/view/index')),
  '/web/uc': lazy(() => import('../pages/web/uc/index')),
  '/web/notice': lazy(() => import('../pages/web/notice/index')),
  '/web/notice/detail/:id': lazy(() => import('../pages/web/notice/detail/index')),
  '/web/paper': lazy(() => import('../pages/web/paper/index')),
  '/web/paper/list/:examId/:userId': lazy(() => import('../pages/web/paper/list/index')),
  '/web/book': lazy(() => import('../pages/web/book/index')),
  '/web/book/list/:examId': lazy(() => import('../pages/web/book/list/index')),
  '/web/repo': lazy(() => import('../pages/web/repo/index')),
  '/web/repo/view/:repoId': lazy(() => import('../pages/web/repo/view/index')),
  '/web/repo/training/:repoId/:mode': lazy(() => import('../pages/web/repo/training/index')),
  '/web/repo/repo/:trainId': lazy(() => import('../pages/web/repo/repo/index')),
  '/web/course': lazy(() => import('../pages/web/course/index')),
  '/web/course/view/:courseId': lazy(() => import('../pages/web/course/view/index')),
  '/web/course/view/:courseId/:fileId': lazy(() => import('../pages/web/course/view/index')),
  '/web/live': lazy(() => import('../pages/web/live/index')),
  '/web/live/:id': lazy(() => import('../pages/web/live/watch/index')),
  '/web/exam/start/:id': lazy(() => import('../pages/web/exam/start/index')),
  '/web/exam/debug': lazy(() => import('../pages/web/exam/debug/index')),
};

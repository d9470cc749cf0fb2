/**
 * The learner route table of SPEC 2: paths, titles and the menu each highlights. The page each
 * renders is routes/learner-pages.tsx (one lazy import per page), so the titles stay below the
 * layouts that show them.
 */

export interface StaticRoute<P extends string = string> {
  path: P;
  title: string;
  /** The top button / menu it highlights. */
  activeMenu?: string;
}

/** Inside the learner layout (WebLayout). */
const WEB_ROUTES = [
  { path: '/web/index', title: '在线考试' },
  {
    path: '/web/exam/check/:id',
    title: '考试校验',
    activeMenu: '/web/index',
  },
  {
    path: '/web/exam/result/:id',
    title: '考试结果',
    activeMenu: '/web/index',
  },
  { path: '/web/qu/view/:id', title: '试题详情' },
  { path: '/web/uc', title: '用户中心' },
  { path: '/web/notice', title: '系统公告' },
  {
    path: '/web/notice/detail/:id',
    title: '公告详情',
    activeMenu: '/web/notice',
  },
  { path: '/web/paper', title: '我的成绩' },
  {
    path: '/web/paper/list/:examId/:userId',
    title: '考试记录',
  },
  { path: '/web/book', title: '我的错题本' },
  { path: '/web/book/list/:examId', title: '考试错题' },
  { path: '/web/repo', title: '题库训练' },
  { path: '/web/repo/view/:repoId', title: '题库详情' },
  {
    path: '/web/repo/training/:repoId/:mode',
    title: '开始训练',
  },
  { path: '/web/repo/repo/:trainId', title: '训练结果' },
  { path: '/web/course', title: '课程学习' },
  {
    path: '/web/course/view/:courseId',
    title: '课程详情',
    activeMenu: '/web/course',
  },
  {
    path: '/web/course/view/:courseId/:fileId',
    title: '课程详情',
    activeMenu: '/web/course',
  },
  { path: '/web/live', title: '直播课堂' },
  {
    path: '/web/live/:id',
    title: '观看直播',
    activeMenu: '/web/live',
  },
] as const satisfies readonly StaticRoute[];

/** Full-screen learner pages: outside the layout, sign-in still required. */
const FULL_SCREEN_ROUTES = [
  {
    path: '/web/exam/start/:id',
    title: '开始考试',
    activeMenu: '/web/index',
  },
  { path: '/web/exam/debug', title: '设备调试' },
] as const satisfies readonly StaticRoute[];

/** Inside the learner layout (WebLayout). */
export const webRoutes: readonly StaticRoute<LearnerPath>[] = WEB_ROUTES;
/** Full-screen learner pages: outside the layout, sign-in still required. */
export const fullScreenRoutes: readonly StaticRoute<LearnerPath>[] = FULL_SCREEN_ROUTES;

/** Every learner path, so the page table cannot miss one. */
export type LearnerPath = (typeof WEB_ROUTES)[number]['path'] | (typeof FULL_SCREEN_ROUTES)[number]['path'];

/** Endpoints of dashboard. */
import { endpoint } from '../endpoint.js';
import { ZTrainingOverviewSchema } from '../overview.js';
import { ZDashboardStatSchema } from '../system/dashboard.js';

export const sysDashboardStat = endpoint({
  path: '/api/sys/dashboard/stat',
  data: ZDashboardStatSchema,
  access: { permission: 'sys:dashboard:view' },
  operation: false,
});

/** The training manager's home: marking, exams, courses, certificates, overdue learners, set-up. */
export const dashboardTrainingOverview = endpoint({
  path: '/api/dashboard/training-stat',
  data: ZTrainingOverviewSchema,
  access: { permission: 'sys:dashboard:view' },
  operation: false,
});

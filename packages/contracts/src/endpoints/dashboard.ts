/** Endpoints of dashboard. */
import { endpoint } from '../endpoint.js';
import { ZDashboardStatSchema } from '../system/dashboard.js';

export const sysDashboardStat = endpoint({
  path: '/api/sys/dashboard/stat',
  data: ZDashboardStatSchema,
  access: { permission: 'sys:dashboard:view' },
  operation: false,
});

/** Endpoints of measured item statistics (the bank's review list). */
import { endpoint } from '../endpoint.js';
import { zPage, zPageRequest } from '../envelope.js';
import { ZQuStatReviewItemSchema, ZQuStatReviewParamsSchema } from '../repo/qu-stat.js';

/** Questions that behave badly: negative discrimination, everyone right, everyone wrong (enough answers). */
export const repoQuStatReview = endpoint({
  path: '/api/repo/qu/stat-review',
  body: zPageRequest(ZQuStatReviewParamsSchema),
  data: zPage(ZQuStatReviewItemSchema),
  access: { permission: 'repo:qu:view' },
  operation: false,
});

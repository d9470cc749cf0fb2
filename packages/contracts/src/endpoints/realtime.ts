/** Endpoints of the realtime stream (platform/realtime). */
import { endpoint } from '../endpoint.js';
import { ZRealtimeTicketResultSchema, ZRealtimeTicketSchema } from '../realtime.js';

/** A single-use ticket (30 s) for `GET REALTIME_STREAM_PATH?ticket=`; refuses a topic the caller may not see. */
export const realtimeTicket = endpoint({
  path: '/api/realtime/ticket',
  body: ZRealtimeTicketSchema,
  data: ZRealtimeTicketResultSchema,
  access: 'user',
  operation: false,
});

/** Endpoints of live classes (直播). The media server's callbacks and the replay bytes are plain routes. */
import { z } from 'zod';
import { endpoint, fileEndpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema, zPage, zPageRequest } from '../envelope.js';
import {
  ZLiveBeatResultSchema,
  ZLiveBeatSchema,
  ZLiveChatListParamsSchema,
  ZLiveChatListSchema,
  ZLiveChatSchema,
  ZLiveChatSendSchema,
  ZLiveLearnListSchema,
  ZLiveMuteSchema,
  ZLivePagingParamsSchema,
  ZLivePushSchema,
  ZLiveRecordSchema,
  ZLiveSaveSchema,
  ZLiveServerSchema,
  ZLiveStatParamsSchema,
  ZLiveStatRecordSchema,
  ZLiveStatSummarySchema,
  ZLiveWatchSchema,
} from '../live.js';

const VIEW = { permission: 'live:live:view' } as const;
const STAT = { permission: 'live:stat:view' } as const;
const CHAT = { permission: 'live:chat:manage' } as const;

export const liveRoomPaging = endpoint({
  path: '/api/live/room/paging',
  body: zPageRequest(ZLivePagingParamsSchema),
  data: zPage(ZLiveRecordSchema),
  access: VIEW,
  operation: false,
});
export const liveRoomDetail = endpoint({
  path: '/api/live/room/detail',
  body: ZIdSchema,
  data: ZLiveRecordSchema,
  access: VIEW,
  operation: false,
});
export const liveRoomSave = endpoint({
  path: '/api/live/room/save',
  body: ZLiveSaveSchema,
  data: ZIdSchema,
  access: { permission: 'live:live:save' },
  operation: true,
});
export const liveRoomDelete = endpoint({
  path: '/api/live/room/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'live:live:delete' },
  operation: true,
});
export const liveServerDetail = endpoint({
  path: '/api/live/server/detail',
  data: ZLiveServerSchema,
  access: VIEW,
  operation: false,
});
export const liveRoomPushDetail = endpoint({
  path: '/api/live/room/push-detail',
  body: ZIdSchema,
  data: ZLivePushSchema,
  access: { permission: 'live:live:push' },
  operation: false,
});
export const liveRoomRegenerateKey = endpoint({
  path: '/api/live/room/regenerate-key',
  body: ZIdSchema,
  data: ZLivePushSchema,
  access: { permission: 'live:live:push' },
  operation: true,
});

export const liveStatSummary = endpoint({
  path: '/api/live/stat/summary',
  body: ZLiveStatParamsSchema,
  data: ZLiveStatSummarySchema,
  access: STAT,
  operation: false,
});
export const liveStatPaging = endpoint({
  path: '/api/live/stat/paging',
  body: zPageRequest(ZLiveStatParamsSchema),
  data: zPage(ZLiveStatRecordSchema),
  access: STAT,
  operation: false,
});
export const liveStatExport = fileEndpoint({
  path: '/api/live/stat/export',
  body: ZLiveStatParamsSchema,
  access: { permission: 'live:stat:export' },
  operation: false,
});

export const liveChatDelete = endpoint({
  path: '/api/live/chat/delete',
  body: ZIdSchema,
  data: z.null(),
  access: CHAT,
  operation: true,
});
export const liveChatMute = endpoint({
  path: '/api/live/chat/mute',
  body: ZLiveMuteSchema,
  data: z.null(),
  access: CHAT,
  operation: true,
});

export const liveLearnList = endpoint({
  path: '/api/live/learn/list',
  data: ZLiveLearnListSchema,
  access: 'user',
  operation: false,
});
export const liveLearnDetail = endpoint({
  path: '/api/live/learn/detail',
  body: ZIdSchema,
  data: ZLiveWatchSchema,
  access: 'user',
  operation: false,
});
export const liveLearnBeat = endpoint({
  path: '/api/live/learn/beat',
  body: ZLiveBeatSchema,
  data: ZLiveBeatResultSchema,
  access: 'user',
  operation: false,
});
export const liveChatList = endpoint({
  path: '/api/live/chat/list',
  body: ZLiveChatListParamsSchema,
  data: ZLiveChatListSchema,
  access: 'user',
  operation: false,
});
export const liveChatSend = endpoint({
  path: '/api/live/chat/send',
  body: ZLiveChatSendSchema,
  data: ZLiveChatSchema,
  access: 'user',
  operation: false,
});

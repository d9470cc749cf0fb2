/** /api/live/*: rooms and push details (administrators), statistics, the learner's list, watch page, heartbeat and chat. */
import {
  liveChatDelete,
  liveChatList,
  liveChatMute,
  liveChatSend,
  liveLearnBeat,
  liveLearnDetail,
  liveLearnList,
  liveRoomDelete,
  liveRoomDetail,
  liveRoomPaging,
  liveRoomPushDetail,
  liveRoomRegenerateKey,
  liveRoomSave,
  liveServerDetail,
  liveStatExport,
  liveStatPaging,
  liveStatSummary,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../../platform/policy/index.js';
import { route, routeFile } from '../../platform/route.js';
import { livePolicy } from './live.policy.js';
import { liveBeat } from './live-beat.js';
import { deleteChat, listChat, muteLearner, sendChat } from './live-chat.service.js';
import { learnList, watchDetail } from './live-learn.service.js';
import { publishChat, publishChatDeleted, publishMuted, publishOnline } from './live-realtime.js';
import {
  deleteRooms,
  managedRoom,
  pagingRooms,
  pushDetail,
  regenerateKey,
  roomDetail,
  saveRoom,
} from './live-room.service.js';
import { liveSettings } from './live-settings.js';
import { statExport, statPaging, statSummary } from './live-stat.service.js';

const tags = ['直播'];

export function registerLiveRoutes(app: FastifyInstance): void {
  route(app, liveServerDetail, { summary: '直播服务器配置状态', tags }, async () => {
    const s = liveSettings();
    return { configured: s.configured, rtmpUrl: s.rtmpUrl, hlsBase: s.hlsBase };
  });
  route(app, liveRoomPaging, { summary: '直播分页（管理）', tags }, async ({ body, user, deps }) =>
    pagingRooms(deps.db, user, body.params, body.current, body.size, deps.clock()),
  );
  route(app, liveRoomDetail, { summary: '直播详情（管理）', tags }, async ({ body, user, deps }) =>
    roomDetail(deps.db, user, body.id, deps.clock()),
  );
  route(app, liveRoomSave, { summary: '保存直播', tags }, async ({ body, user, deps }) => ({
    id: await saveRoom(deps.db, user, body),
  }));
  route(app, liveRoomDelete, { summary: '删除直播', tags }, async ({ body, deps }) => {
    await deleteRooms(deps.db, body.ids, deps.clock());
    return null;
  });
  route(app, liveRoomPushDetail, { summary: '推流地址与密钥', tags }, async ({ body, user, deps }) =>
    pushDetail(await managedRoom(deps.db, user, body.id)),
  );
  route(app, liveRoomRegenerateKey, { summary: '重新生成推流密钥', tags }, async ({ body, user, deps }) =>
    regenerateKey(deps.db, user, body.id),
  );

  route(app, liveStatSummary, { summary: '直播统计概览', tags }, async ({ body, user, deps }) =>
    statSummary(deps.db, await managedRoom(deps.db, user, body.liveId), user, deps.clock()),
  );
  route(app, liveStatPaging, { summary: '直播观看明细', tags }, async ({ body, user, deps }) =>
    statPaging(
      deps.db,
      await managedRoom(deps.db, user, body.params.liveId),
      user,
      body.params,
      body.current,
      body.size,
    ),
  );
  routeFile(app, liveStatExport, { summary: '导出直播统计', tags }, async ({ body, user, deps }) =>
    statExport(deps.db, await managedRoom(deps.db, user, body.liveId), user, body, deps.config.timeZone),
  );

  route(app, liveLearnList, { summary: '我的直播列表', tags }, async ({ user, deps }) =>
    learnList(deps.db, user, deps.clock()),
  );
  route(app, liveLearnDetail, { summary: '观看直播', tags }, async ({ body, user, deps }) =>
    watchDetail(
      deps.db,
      await authorize(deps.db, user, livePolicy, 'watch', { viewer: user, liveId: body.id }),
      user.id,
      deps.clock(),
    ),
  );
  route(
    app,
    liveLearnBeat,
    { summary: '观看心跳（约每15秒，仅播放且页面可见时计时）', tags },
    async ({ body, user, deps }) => {
      const { room } = await authorize(deps.db, user, livePolicy, 'watch', { viewer: user, liveId: body.liveId });
      const result = await liveBeat(deps.db, room, user.id, body, deps.clock());
      publishOnline(room.id, result.online, deps.clock().getTime());
      return result;
    },
  );
  route(app, liveChatList, { summary: '互动消息', tags }, async ({ body, user, deps }) => {
    await authorize(deps.db, user, livePolicy, 'watch', { viewer: user, liveId: body.liveId });
    return listChat(deps.db, body.liveId, user.id, body.afterId);
  });
  route(
    app,
    liveChatSend,
    { summary: '发送互动消息', tags, rateLimit: { max: 20, timeWindow: '1 minute', per: 'user' } },
    async ({ body, user, deps }) => {
      const viewer = await authorize(deps.db, user, livePolicy, 'watch', { viewer: user, liveId: body.liveId });
      const msg = await sendChat(deps.db, viewer, user, body.content, deps.clock());
      publishChat(msg);
      return msg;
    },
  );
  route(app, liveChatDelete, { summary: '删除互动消息', tags }, async ({ body, user, deps }) => {
    const { liveId } = await deleteChat(deps.db, user, body.id, deps.clock());
    publishChatDeleted(liveId, body.id);
    return null;
  });
  route(app, liveChatMute, { summary: '禁言或解除禁言', tags }, async ({ body, user, deps }) => {
    await authorize(deps.db, user, livePolicy, 'watch', { viewer: user, liveId: body.liveId });
    await muteLearner(deps.db, user, body.liveId, body.userId, body.muted);
    publishMuted(body.liveId, body.userId, body.muted);
    return null;
  });
}

/** Calls of live classes (直播): rooms, push details, statistics, the learner's list, watch page, heartbeat and chat. */
import type { TLiveSave } from '@exam/contracts';
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
import { call, callDownload } from './call';

export interface PageReq<P> {
  current: number;
  size: number;
  params: P;
}
export type LiveParams = { title?: string | null; state?: number | null };
export type LiveStatParams = {
  liveId: string;
  deptId?: string | null;
  realName?: string | null;
  absent?: boolean | null;
};

export const liveApi = {
  server: () => call(liveServerDetail, {}),
  paging: (req: PageReq<LiveParams>) => call(liveRoomPaging, req),
  detail: (id: string) => call(liveRoomDetail, { id }),
  save: (body: TLiveSave) => call(liveRoomSave, body),
  remove: (ids: string[]) => call(liveRoomDelete, { ids }),
  push: (id: string) => call(liveRoomPushDetail, { id }),
  regenerateKey: (id: string) => call(liveRoomRegenerateKey, { id }),
};

export const liveStatApi = {
  summary: (p: LiveStatParams) => call(liveStatSummary, p),
  paging: (req: PageReq<LiveStatParams>) => call(liveStatPaging, req),
  export: (p: LiveStatParams, fileName: string) => callDownload(liveStatExport, p, fileName),
};

export const liveLearnApi = {
  list: () => call(liveLearnList, {}),
  detail: (id: string) => call(liveLearnDetail, { id }),
  beat: (liveId: string, playing: boolean, visible: boolean) =>
    call(liveLearnBeat, { liveId, playing, visible }, { silent: true }),
};

export const liveChatApi = {
  list: (liveId: string, afterId?: string | null) => call(liveChatList, { liveId, afterId }, { silent: true }),
  send: (liveId: string, content: string) => call(liveChatSend, { liveId, content }),
  remove: (id: string) => call(liveChatDelete, { id }),
  mute: (liveId: string, userId: string, muted: boolean) => call(liveChatMute, { liveId, userId, muted }),
};

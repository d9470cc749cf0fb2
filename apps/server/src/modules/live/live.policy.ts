/**
 * The live room's policy. Rooms are managed by the holders of the live pages' tags (an audience
 * names only departments and users of their scope: the audience policy); a viewer watches, beats,
 * reads and writes the chat of a room open to them — the room's audience, its lecturer, or an
 * administrator of the live pages (live-audience.ts `roomForViewer`, the one refusal 直播不存在或您不在
 * 该直播的观看范围内) — asked by the endpoints and by the realtime topic `live:<id>`. A moderator acts on
 * chat authors of their data scope (the user policy's `view`).
 */
import {
  liveChatDelete,
  liveRoomDelete,
  liveRoomDetail,
  liveRoomPushDetail,
  liveRoomRegenerateKey,
  liveRoomSave,
  liveStatExport,
  liveStatPaging,
  liveStatSummary,
} from '@exam/contracts';
import type { AuthUser } from '../../platform/auth.js';
import { definePolicy, guardEndpoints, holderOfTag, type PolicyContext } from '../../platform/policy/index.js';
import { roomForViewer, type Viewer } from './live-audience.js';

export const livePolicy = definePolicy({
  aggregate: 'live',
  rules: {
    view: holderOfTag,
    edit: holderOfTag,
    delete: holderOfTag,
    push: holderOfTag,
    stat: holderOfTag,
    /** The room as this viewer may watch it, or 10010003 直播不存在或您不在该直播的观看范围内. */
    watch: ({ db }: PolicyContext, t: { viewer: AuthUser; liveId: string }): Promise<Viewer> =>
      roomForViewer(db, t.viewer, t.liveId),
    moderate: holderOfTag,
  },
});

guardEndpoints(livePolicy, {
  [liveRoomDetail.path]: ['view', (b) => b.id],
  [liveRoomSave.path]: ['edit', () => null],
  [liveRoomDelete.path]: ['delete', (b) => b.ids],
  [liveRoomPushDetail.path]: ['push', (b) => b.id],
  [liveRoomRegenerateKey.path]: ['push', (b) => b.id],
  [liveStatSummary.path]: ['stat', () => null],
  [liveStatPaging.path]: ['stat', () => null],
  [liveStatExport.path]: ['stat', () => null],
  [liveChatDelete.path]: ['moderate', (b) => b.id],
});

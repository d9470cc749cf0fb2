/**
 * Consumers of the live events (platform/events). `live.ended`: the room's viewers stop counting
 * as online at once (their players stop with the stream; the heartbeat window would otherwise keep
 * them "online" for up to ONLINE_WINDOW_S). Idempotent: it only clears a flag.
 */
import { eq } from 'drizzle-orm';
import { elLiveViewer } from '../../db/schema/index.js';
import { defineConsumer } from '../../platform/events/index.js';

export const liveEndedViewersOff = defineConsumer({
  name: 'live.viewers-off',
  events: ['live.ended'],
  handle: async (event, db) => {
    await db.update(elLiveViewer).set({ playing: false }).where(eq(elLiveViewer.liveId, event.payload.liveId));
  },
});

export const liveConsumers = [liveEndedViewersOff];

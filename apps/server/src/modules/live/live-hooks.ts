/**
 * The media server's callbacks (nginx-rtmp `on_publish`, `on_publish_done`, `on_record_done`).
 * nginx POSTs a form (name = the stream name the encoder pushed: the room's key);
 * 2xx lets the stream in, a 3xx whose Location is an rtmp:// address lets it in and relays it
 * there, anything else refuses it.
 * - publish: the key must be the room's current one (a wrong or regenerated key is refused), the
 *   room not deleted and not already receiving a stream. The stream is relayed to the media
 *   server's internal HLS application under the room's unguessable play name (the ingest
 *   application makes no HLS), so HLS addresses and recordings never carry the key.
 *   `live.started` is published.
 * - publish done: the stream of that key stopped (matched by the key it came with, so a key
 *   regenerated meanwhile still ends it); `live.ended` is published.
 * - record done: the recording file is remuxed into the replay (live-replay.ts).
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { elLive } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { publish } from '../../platform/events/index.js';

export type PublishAnswer = { accepted: false; reason: string } | { accepted: true; liveId: string; playName: string };

const KEY_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

export async function acceptPublish(db: Db, key: string, now: Date): Promise<PublishAnswer> {
  if (!KEY_SHAPE.test(key)) return { accepted: false, reason: 'bad key' };
  return db.transaction(async (tx) => {
    const [room] = await tx
      .update(elLive)
      .set({
        publishingSince: now,
        publishingKey: key,
        firstPublishAt: sql`coalesce(${elLive.firstPublishAt}, ${now})`,
      })
      .where(and(eq(elLive.streamKey, key), isNull(elLive.deletedAt), isNull(elLive.publishingSince)))
      .returning({ id: elLive.id, playName: elLive.playName });
    if (!room) return { accepted: false, reason: 'unknown, old or busy key' } as const;
    await publish(tx, { name: 'live.started', payload: { liveId: room.id, startedAt: now.toISOString() } });
    return { accepted: true, liveId: room.id, playName: room.playName } as const;
  });
}

/** The stream pushed under the key `name` stopped. */
export async function endPublish(db: Db, name: string, now: Date): Promise<string | null> {
  if (!KEY_SHAPE.test(name)) return null;
  return db.transaction(async (tx) => {
    const [room] = await tx
      .update(elLive)
      .set({ publishingSince: null, publishingKey: null, lastEndedAt: now })
      .where(and(eq(elLive.publishingKey, name), isNotNull(elLive.publishingSince)))
      .returning({ id: elLive.id });
    if (!room) return null;
    await publish(tx, { name: 'live.ended', payload: { liveId: room.id, endedAt: now.toISOString() } });
    return room.id;
  });
}

/**
 * Where nginx relays an accepted stream: `relay` is the internal HLS application's address the
 * generated config passes in the callback URL (nginx-conf.ts), e.g. rtmp://127.0.0.1:1935/hls.
 */
export function relayTarget(relay: string | undefined, playName: string): string | null {
  if (!relay || !/^rtmp:\/\/[\w.:[\]-]+\/[\w-]+$/.test(relay)) return null;
  return `${relay}/${playName}`;
}

/**
 * Live classes (直播).
 *
 * - `el_live`: a room. Its state (预告 / 直播中 / 已结束) is never stored: it is derived from the
 *   stream columns the media server's callbacks write (`publishing_since`, `last_ended_at`) and the
 *   schedule (modules/live/live-state.ts). `stream_key` is the push secret pasted into OBS;
 *   `play_name` the unguessable name the publish callback relays the stream under to the media
 *   server's HLS application, so a viewer never learns the key. Audience as exams and courses (open_type 1 everyone, 2 departments and
 *   below, 3 named people).
 * - `el_live_viewer`: one row per (room, learner): credited watch time (server clock only), the
 *   time of the last heartbeat every credit is measured from, and the number of viewing sessions.
 * - `el_live_clock`: one row per learner: the time up to which their watching (of any room) is
 *   credited, so rooms heartbeated at once share the learner's wall clock once.
 * - `el_live_minute`: one row per (room, minute, learner) seen watching: the timeline and the peak.
 * - `el_live_chat`, `el_live_mute`: the chat / Q&A messages and the learners muted in a room.
 */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz, updatedAt } from './columns.js';

export const elLive = pgTable(
  'el_live',
  {
    id: idColumn(),
    title: text('title').notNull(),
    cover: text('cover'),
    lecturer: text('lecturer').notNull().default(''),
    /** The lecturer's account, when they have one: their chat messages are marked 讲师. */
    lecturerId: text('lecturer_id'),
    description: text('description').notNull().default(''),
    startTime: tz('start_time').notNull(),
    endTime: tz('end_time').notNull(),
    openType: smallint('open_type').notNull().default(1),
    deptIds: text('dept_ids').array().notNull().default(sql`'{}'::text[]`),
    userIds: text('user_ids').array().notNull().default(sql`'{}'::text[]`),
    courseId: text('course_id'),
    streamKey: text('stream_key').notNull(),
    playName: text('play_name').notNull().unique(),
    /** Set by on_publish, cleared by on_publish_done. */
    publishingSince: tz('publishing_since'),
    /** The key the stream now publishing came with (its publish-done names it, even after a regeneration). */
    publishingKey: text('publishing_key'),
    /** The first accepted publish (the class really started). */
    firstPublishAt: tz('first_publish_at'),
    lastEndedAt: tz('last_ended_at'),
    /** 0 none, 1 remuxing, 2 ready, 3 failed. */
    replayState: smallint('replay_state').notNull().default(0),
    replayFileId: text('replay_file_id'),
    /** The el_course_file the replay became in the linked course. */
    replayCourseFileId: text('replay_course_file_id'),
    /** When the audience was sent the message before the start (live-remind.ts claims it once). */
    remindedAt: tz('reminded_at'),
    createdBy: text('created_by'),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('el_live_start_idx').on(t.startTime)],
);

export const elLiveViewer = pgTable(
  'el_live_viewer',
  {
    liveId: text('live_id').notNull(),
    userId: text('user_id').notNull(),
    firstAt: tz('first_at').notNull(),
    lastBeatAt: tz('last_beat_at').notNull(),
    /** The last heartbeat said playing and visible (online counts only those). */
    playing: boolean('playing').notNull().default(false),
    watchSeconds: doublePrecision('watch_seconds').notNull().default(0),
    sessions: integer('sessions').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.userId] }), index('el_live_viewer_beat_idx').on(t.liveId, t.lastBeatAt)],
);

export const elLiveClock = pgTable('el_live_clock', {
  userId: text('user_id').primaryKey(),
  creditedUntil: tz('credited_until').notNull(),
});

export const elLiveMinute = pgTable(
  'el_live_minute',
  {
    liveId: text('live_id').notNull(),
    minute: tz('minute').notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.minute, t.userId] })],
);

export const elLiveChat = pgTable(
  'el_live_chat',
  {
    id: idColumn(),
    liveId: text('live_id').notNull(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    /** learner | lecturer | admin */
    role: text('role').notNull(),
    content: text('content').notNull(),
    deletedAt: tz('deleted_at'),
    deletedBy: text('deleted_by'),
    createdAt: createdAt(),
  },
  (t) => [index('el_live_chat_room_idx').on(t.liveId, t.createdAt)],
);

export const elLiveMute = pgTable(
  'el_live_mute',
  {
    liveId: text('live_id').notNull(),
    userId: text('user_id').notNull(),
    mutedBy: text('muted_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.userId] })],
);

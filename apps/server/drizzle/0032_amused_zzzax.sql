CREATE TABLE "el_live" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"cover" text,
	"lecturer" text DEFAULT '' NOT NULL,
	"lecturer_id" text,
	"description" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"open_type" smallint DEFAULT 1 NOT NULL,
	"dept_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"course_id" text,
	"stream_key" text NOT NULL,
	"play_name" text NOT NULL,
	"publishing_since" timestamp with time zone,
	"publishing_key" text,
	"first_publish_at" timestamp with time zone,
	"last_ended_at" timestamp with time zone,
	"replay_state" smallint DEFAULT 0 NOT NULL,
	"replay_file_id" text,
	"replay_course_file_id" text,
	"created_by" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_live_play_name_unique" UNIQUE("play_name")
);
--> statement-breakpoint
CREATE TABLE "el_live_chat" (
	"id" text PRIMARY KEY NOT NULL,
	"live_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_live_minute" (
	"live_id" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "el_live_minute_live_id_minute_user_id_pk" PRIMARY KEY("live_id","minute","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_live_mute" (
	"live_id" text NOT NULL,
	"user_id" text NOT NULL,
	"muted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_live_mute_live_id_user_id_pk" PRIMARY KEY("live_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_live_viewer" (
	"live_id" text NOT NULL,
	"user_id" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL,
	"playing" boolean DEFAULT false NOT NULL,
	"watch_seconds" double precision DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "el_live_viewer_live_id_user_id_pk" PRIMARY KEY("live_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "el_live_start_idx" ON "el_live" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "el_live_chat_room_idx" ON "el_live_chat" USING btree ("live_id","created_at");--> statement-breakpoint
CREATE INDEX "el_live_viewer_beat_idx" ON "el_live_viewer" USING btree ("live_id","last_beat_at");
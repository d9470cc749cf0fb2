-- Remote proctoring: consent, the door of an exam, snapshots and flags of an attempt, the invigilator's actions, reviews, views of snapshots and retention holds; the active liveness checks (face sign-in, enrolment, an exam's door); the exam's proctoring setting (off by default).
CREATE TABLE "el_proctor_consent" (
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"version" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_proctor_consent_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_proctor_door" (
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"passed_at" timestamp with time zone,
	"similarity" double precision,
	"enrolled_here" boolean DEFAULT false NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"admit_requested_at" timestamp with time zone,
	"admitted_by" text,
	"admit_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_proctor_door_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_proctor_event" (
	"id" text PRIMARY KEY NOT NULL,
	"paper_id" text,
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"snapshot_id" text,
	"detail" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_proctor_hold" (
	"exam_id" text PRIMARY KEY NOT NULL,
	"keep_until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_proctor_review" (
	"paper_id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"decision" smallint NOT NULL,
	"reason" text NOT NULL,
	"reviewer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_proctor_room" (
	"paper_id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"camera_stopped" boolean DEFAULT false NOT NULL,
	"warning" text,
	"warned_at" timestamp with time zone,
	"last_snapshot_at" timestamp with time zone,
	"second_seen_at" timestamp with time zone,
	"second_lost" boolean DEFAULT false NOT NULL,
	"risk" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_proctor_snapshot" (
	"id" text PRIMARY KEY NOT NULL,
	"paper_id" text NOT NULL,
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"blob_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"faces" integer,
	"similarity" double precision,
	"server_checked" boolean DEFAULT false NOT NULL,
	"disagreed" boolean DEFAULT false NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_proctor_view" (
	"id" text PRIMARY KEY NOT NULL,
	"viewer_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"what" text NOT NULL,
	"snapshot_id" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_face_challenge" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text,
	"steps" jsonb NOT NULL,
	"passed_steps" integer DEFAULT 0 NOT NULL,
	"descriptors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frame_digests" text[] DEFAULT '{}' NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "proctor" jsonb DEFAULT '{"mode":0,"snapMinSeconds":30,"snapMaxSeconds":120,"cameraStopBlocks":false,"retentionDays":30}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "el_proctor_event_paper_idx" ON "el_proctor_event" USING btree ("paper_id","created_at");--> statement-breakpoint
CREATE INDEX "el_proctor_event_exam_idx" ON "el_proctor_event" USING btree ("exam_id","user_id");--> statement-breakpoint
CREATE INDEX "el_proctor_snapshot_paper_idx" ON "el_proctor_snapshot" USING btree ("paper_id","created_at");--> statement-breakpoint
CREATE INDEX "el_proctor_snapshot_exam_idx" ON "el_proctor_snapshot" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "el_proctor_view_paper_idx" ON "el_proctor_view" USING btree ("paper_id","created_at");--> statement-breakpoint
CREATE INDEX "sys_face_challenge_subject_idx" ON "sys_face_challenge" USING btree ("purpose","subject","user_id","created_at");
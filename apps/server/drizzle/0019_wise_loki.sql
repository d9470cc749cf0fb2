CREATE TABLE "sys_user_face" (
	"user_id" text PRIMARY KEY NOT NULL,
	"descriptor" jsonb NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "sys_attempt" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sys_attempt_scope_key_pk" PRIMARY KEY("scope","key")
);

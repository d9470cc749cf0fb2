CREATE TABLE "el_live_clock" (
	"user_id" text PRIMARY KEY NOT NULL,
	"credited_until" timestamp with time zone NOT NULL
);

-- Questions whose measured statistics are due: events mark them, a sweep recomputes each once (per event, a large exam recomputed every question thousands of times).
CREATE TABLE "el_qu_stat_due" (
	"qu_id" text PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone NOT NULL
);

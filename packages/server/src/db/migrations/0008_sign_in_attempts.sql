-- Unlogged: every sign-in writes a count here, and on one busy key each write would wait for
-- the WAL to reach disk before the next (5 ms each); counts lost in a crash only reopen a window.
CREATE UNLOGGED TABLE "sign_in_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_window_idx" ON "sign_in_attempts" USING btree ("window_started_at");
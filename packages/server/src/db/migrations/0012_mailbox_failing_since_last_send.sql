ALTER TABLE "mailboxes" ADD COLUMN "failing_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "last_send_at" timestamp (3) with time zone;
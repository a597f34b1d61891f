ALTER TABLE "mail_logs" ADD COLUMN "send_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "mail_logs" ADD COLUMN "is_send_later" boolean DEFAULT false NOT NULL;
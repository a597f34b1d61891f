ALTER TABLE "users" ADD COLUMN "signatures" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "signatures" jsonb DEFAULT '{}'::jsonb NOT NULL;
ALTER TABLE "mailboxes" DROP CONSTRAINT "mailboxes_tenant_address_key";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "send_stage" text;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "verified_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "verification_code_hash" text;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "verification_sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "verification_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An address belongs to one store. Where two stores had a mailbox for the same address, the
-- older mailbox keeps it; the later one is removed, its mails kept without a mailbox.
UPDATE "mailboxes" SET "address" = lower("address");--> statement-breakpoint
UPDATE "mail_logs" AS m SET "mailbox_id" = NULL FROM "mailboxes" AS b
WHERE m."tenant_id" = b."tenant_id" AND m."mailbox_id" = b."id" AND EXISTS (
  SELECT 1 FROM "mailboxes" AS o WHERE o."address" = b."address"
  AND (o."created_at", o."tenant_id", o."id") < (b."created_at", b."tenant_id", b."id"));--> statement-breakpoint
DELETE FROM "mailboxes" AS b WHERE EXISTS (
  SELECT 1 FROM "mailboxes" AS o WHERE o."address" = b."address"
  AND (o."created_at", o."tenant_id", o."id") < (b."created_at", b."tenant_id", b."id"));--> statement-breakpoint
-- Mailboxes made before proof was asked for count as proven: IMAP and OAuth ones signed in.
UPDATE "mailboxes" SET "verified_at" = "created_at";--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_address_key" UNIQUE("address");
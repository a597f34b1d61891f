CREATE TABLE "mail_attachments" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "mail_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mail_log_id" integer NOT NULL,
	"position" integer NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content_id" text,
	"is_inline" boolean DEFAULT false NOT NULL,
	CONSTRAINT "mail_attachments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_logs" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "mail_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer,
	"mailbox_id" integer,
	"direction" text NOT NULL,
	"mail_log_type" text DEFAULT 'customer' NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"from_address" text,
	"from_name" text,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text" text,
	"html" text,
	"sent_at" timestamp (3) with time zone,
	"is_read" boolean DEFAULT false NOT NULL,
	"send_state" text,
	"send_attempts" integer DEFAULT 0 NOT NULL,
	"send_error" text,
	"raw_file_hash" text,
	"raw_size" integer,
	"parse_state" text DEFAULT 'ok' NOT NULL,
	"parse_error" text,
	"auto_kind" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp (3) with time zone,
	CONSTRAINT "mail_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "mail_logs_tenant_message_id_key" UNIQUE("tenant_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mail_log_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "mail_outbox_tenant_mail_key" UNIQUE("tenant_id","mail_log_id")
);
--> statement-breakpoint
CREATE TABLE "mail_tombstones" (
	"tenant_id" text NOT NULL,
	"message_id" text NOT NULL,
	"mailbox_id" integer,
	"deleted_by" text,
	"deleted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_tombstones_tenant_id_message_id_pk" PRIMARY KEY("tenant_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "mailboxes" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "mailboxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"imap_host" text NOT NULL,
	"imap_port" integer NOT NULL,
	"imap_secure" boolean DEFAULT true NOT NULL,
	"imap_user" text NOT NULL,
	"imap_folder" text DEFAULT 'INBOX' NOT NULL,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_secure" boolean DEFAULT true NOT NULL,
	"smtp_user" text,
	"secret_encrypted" text,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"last_error_at" timestamp (3) with time zone,
	"last_fetch_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailboxes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "mailboxes_tenant_address_key" UNIQUE("tenant_id","address")
);
--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_fk" FOREIGN KEY ("tenant_id","mail_log_id") REFERENCES "public"."mail_logs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_logs" ADD CONSTRAINT "mail_logs_tenant_id_stores_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."stores"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_logs" ADD CONSTRAINT "mail_logs_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_logs" ADD CONSTRAINT "mail_logs_mailbox_fk" FOREIGN KEY ("tenant_id","mailbox_id") REFERENCES "public"."mailboxes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_mail_fk" FOREIGN KEY ("tenant_id","mail_log_id") REFERENCES "public"."mail_logs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tombstones" ADD CONSTRAINT "mail_tombstones_tenant_id_stores_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."stores"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_tenant_id_stores_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."stores"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachments_mail_idx" ON "mail_attachments" USING btree ("tenant_id","mail_log_id","position");--> statement-breakpoint
CREATE INDEX "mail_logs_case_idx" ON "mail_logs" USING btree ("tenant_id","case_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mail_logs_unmapped_idx" ON "mail_logs" USING btree ("tenant_id","created_at","id") WHERE "mail_logs"."case_id" IS NULL AND NOT "mail_logs"."is_deleted";--> statement-breakpoint
CREATE INDEX "mail_logs_from_idx" ON "mail_logs" USING btree ("tenant_id","from_address");--> statement-breakpoint
CREATE INDEX "mail_logs_unparseable_idx" ON "mail_logs" USING btree ("tenant_id","id") WHERE "mail_logs"."parse_state" = 'unparseable';--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at");
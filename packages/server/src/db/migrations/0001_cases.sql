CREATE TABLE "case_counters" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_items" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "case_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"position" integer NOT NULL,
	"item_type_id" integer,
	"product_name" text NOT NULL,
	"sku" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"fault_description" text,
	CONSTRAINT "case_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "case_participants" (
	"tenant_id" text NOT NULL,
	"case_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_participants_tenant_id_case_id_email_pk" PRIMARY KEY("tenant_id","case_id","email")
);
--> statement-breakpoint
CREATE TABLE "case_timeline" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "case_timeline_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mail_log_id" integer,
	CONSTRAINT "case_timeline_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_number" integer NOT NULL,
	"work_flow" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"assignee" text,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"customer_address" text,
	"order_reference" text,
	"purchase_date" date,
	"supplier_name" text,
	"description" text,
	"status_claim" text,
	"status_credit_note" text,
	"status_customer" text,
	"status_ware_house" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"items_summary" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"deleted_at" timestamp (3) with time zone,
	"unread_mail_count" integer DEFAULT 0 NOT NULL,
	"send_pending_mail_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector",
	CONSTRAINT "cases_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "cases_tenant_case_number_key" UNIQUE("tenant_id","case_number")
);
--> statement-breakpoint
CREATE TABLE "item_types" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "item_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"names" jsonb NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "item_types_tenant_key_key" UNIQUE("tenant_id","key")
);
--> statement-breakpoint
ALTER TABLE "case_counters" ADD CONSTRAINT "case_counters_tenant_id_stores_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."stores"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_items" ADD CONSTRAINT "case_items_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_items" ADD CONSTRAINT "case_items_item_type_fk" FOREIGN KEY ("tenant_id","item_type_id") REFERENCES "public"."item_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_participants" ADD CONSTRAINT "case_participants_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_timeline" ADD CONSTRAINT "case_timeline_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_tenant_id_stores_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."stores"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_types" ADD CONSTRAINT "item_types_tenant_id_stores_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."stores"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_items_case_idx" ON "case_items" USING btree ("tenant_id","case_id","position");--> statement-breakpoint
CREATE INDEX "case_items_item_type_idx" ON "case_items" USING btree ("tenant_id","item_type_id","case_id");--> statement-breakpoint
CREATE INDEX "case_participants_email_idx" ON "case_participants" USING btree ("tenant_id","email","case_id");--> statement-breakpoint
CREATE INDEX "case_timeline_case_idx" ON "case_timeline" USING btree ("tenant_id","case_id","at","id");--> statement-breakpoint
CREATE INDEX "cases_list_updated_idx" ON "cases" USING btree ("tenant_id","work_flow","is_archived","updated_at","id") WHERE "cases"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "cases_list_created_idx" ON "cases" USING btree ("tenant_id","work_flow","is_archived","created_at","id") WHERE "cases"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "cases_list_number_idx" ON "cases" USING btree ("tenant_id","work_flow","is_archived","case_number","id") WHERE "cases"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "cases_assignee_idx" ON "cases" USING btree ("tenant_id","assignee","updated_at") WHERE "cases"."deleted_at" IS NULL AND NOT "cases"."is_archived";--> statement-breakpoint
CREATE INDEX "cases_search_idx" ON "cases" USING gin ("search");
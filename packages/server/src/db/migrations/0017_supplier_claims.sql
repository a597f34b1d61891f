CREATE TABLE "case_views" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "case_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"viewed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_views_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "supplier_answers" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "supplier_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"compensation_mode" text,
	"amount_minor" bigint,
	"currency" text,
	"credit_note_number" text,
	"note" text,
	"answered_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_answers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "supplier_answers_outcome" CHECK ("supplier_answers"."outcome" IN ('accepted', 'partly', 'declined')),
	CONSTRAINT "supplier_answers_amount" CHECK ("supplier_answers"."amount_minor" IS NULL OR "supplier_answers"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "case_items" ADD COLUMN "serial_number" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "sent_to_supplier_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "case_views" ADD CONSTRAINT "case_views_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_answers" ADD CONSTRAINT "supplier_answers_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_views_case_idx" ON "case_views" USING btree ("tenant_id","case_id","viewed_at");--> statement-breakpoint
CREATE INDEX "supplier_answers_case_idx" ON "supplier_answers" USING btree ("tenant_id","case_id","created_at");--> statement-breakpoint
CREATE INDEX "company_supplier_contacts_email_idx" ON "company_supplier_contacts" USING btree ("email");
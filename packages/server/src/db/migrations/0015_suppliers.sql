CREATE TABLE "company_supplier_contacts" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "company_supplier_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_supplier_contacts_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "company_supplier_contacts_company_email_key" UNIQUE("company_id","email")
);
--> statement-breakpoint
CREATE TABLE "company_suppliers" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "company_suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"organisation_number" text,
	"email" text,
	"phone" text,
	"address" text,
	"claim_address" text,
	"compensation_modes" text[] DEFAULT '{}'::text[] NOT NULL,
	"required_evidence" text[] DEFAULT '{}'::text[] NOT NULL,
	"answer_days" integer,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_suppliers_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "company_suppliers_id_key" UNIQUE("id"),
	CONSTRAINT "company_suppliers_company_organisation_number_key" UNIQUE("company_id","organisation_number")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"organisation_number" text,
	"email" text,
	"phone" text,
	"address" text,
	"claim_address" text,
	"compensation_modes" text[] DEFAULT '{}'::text[] NOT NULL,
	"required_evidence" text[] DEFAULT '{}'::text[] NOT NULL,
	"answer_days" integer,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "suppliers_tenant_organisation_number_key" UNIQUE("tenant_id","organisation_number")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "company_supplier_id" integer;--> statement-breakpoint
ALTER TABLE "company_supplier_contacts" ADD CONSTRAINT "company_supplier_contacts_supplier_fk" FOREIGN KEY ("company_id","supplier_id") REFERENCES "public"."company_suppliers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_suppliers" ADD CONSTRAINT "company_suppliers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_tenant_id_stores_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."stores"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_supplier_contacts_supplier_idx" ON "company_supplier_contacts" USING btree ("company_id","supplier_id");--> statement-breakpoint
CREATE INDEX "company_suppliers_company_name_idx" ON "company_suppliers" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "suppliers_tenant_name_idx" ON "suppliers" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_supplier_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."suppliers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_company_supplier_id_company_suppliers_id_fk" FOREIGN KEY ("company_supplier_id") REFERENCES "public"."company_suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_supplier_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."suppliers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_supplier_idx" ON "contacts" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE INDEX "cases_supplier_idx" ON "cases" USING btree ("tenant_id","supplier_id") WHERE "cases"."supplier_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "cases_company_supplier_idx" ON "cases" USING btree ("company_supplier_id") WHERE "cases"."company_supplier_id" IS NOT NULL;
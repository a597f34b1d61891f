CREATE TABLE "case_costs" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "case_costs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"cost_type" text NOT NULL,
	"currency" text NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"store_currency" text NOT NULL,
	"net_minor" bigint NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"vat_minor" bigint NOT NULL,
	"gross_minor" bigint NOT NULL,
	"gross_store_minor" bigint NOT NULL,
	"net_store_minor" bigint NOT NULL,
	"cost_date" date NOT NULL,
	"note" text,
	"paid_by" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "case_costs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "case_costs_amounts" CHECK ("case_costs"."net_minor" >= 0 AND "case_costs"."vat_minor" >= 0 AND "case_costs"."gross_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "case_credit_notes" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "case_credit_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"number" text NOT NULL,
	"note_date" date NOT NULL,
	"currency" text NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"store_currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"amount_store_minor" bigint NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_credit_notes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "case_credit_notes_number_key" UNIQUE("tenant_id","case_id","number"),
	CONSTRAINT "case_credit_notes_amount" CHECK ("case_credit_notes"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "case_recovery" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "case_recovery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"expected_credit_minor" bigint,
	"is_written_off" boolean DEFAULT false NOT NULL,
	"write_off_reason" text,
	"updated_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"written_off_at" timestamp (3) with time zone,
	CONSTRAINT "case_recovery_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "case_recovery_case_key" UNIQUE("tenant_id","case_id"),
	CONSTRAINT "case_recovery_write_off_reason" CHECK (NOT "case_recovery"."is_written_off" OR "case_recovery"."write_off_reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"currency" text NOT NULL,
	"rate_date" date NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "exchange_rates_currency_date_key" UNIQUE("tenant_id","currency","rate_date"),
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "case_costs" ADD CONSTRAINT "case_costs_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_credit_notes" ADD CONSTRAINT "case_credit_notes_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_recovery" ADD CONSTRAINT "case_recovery_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_tenant_id_stores_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."stores"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_costs_case_idx" ON "case_costs" USING btree ("tenant_id","case_id","cost_date","id");--> statement-breakpoint
CREATE INDEX "case_credit_notes_case_idx" ON "case_credit_notes" USING btree ("tenant_id","case_id","note_date","id");
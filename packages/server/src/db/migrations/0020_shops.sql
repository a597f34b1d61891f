CREATE TABLE "shop_connections" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "shop_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"shop" text NOT NULL,
	"secret_encrypted" text NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"last_error_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_connections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "shop_connections_shop_key" UNIQUE("kind","shop")
);
--> statement-breakpoint
ALTER TABLE "shop_connections" ADD CONSTRAINT "shop_connections_tenant_id_stores_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."stores"("tenant_id") ON DELETE no action ON UPDATE no action;
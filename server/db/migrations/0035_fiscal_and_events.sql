CREATE TABLE "integration_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"resource" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"purpose" text DEFAULT 'venda' NOT NULL,
	"return_request_id" integer,
	"source" text NOT NULL,
	"reference" text,
	"status" text DEFAULT 'pendente' NOT NULL,
	"access_key" text,
	"number" integer,
	"series" integer,
	"protocol" text,
	"authorized_at" timestamp with time zone,
	"status_message" text,
	"xml_storage_key" text,
	"danfe_storage_key" text,
	"xml_url" text,
	"cancelled_at" timestamp with time zone,
	"cancel_justification" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_access_key_ck" CHECK ("invoices"."access_key" IS NULL OR "invoices"."access_key" ~ '^[0-9]{44}$')
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_events_resource_idx" ON "integration_events" USING btree ("resource","id");--> statement-breakpoint
CREATE INDEX "integration_events_created_idx" ON "integration_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sale_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."purpose" = 'venda';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_return_uq" ON "invoices" USING btree ("return_request_id") WHERE "invoices"."return_request_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reference_uq" ON "invoices" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_access_key_uq" ON "invoices" USING btree ("access_key");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","updated_at");
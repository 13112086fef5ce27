DELETE FROM "cep_lookups";--> statement-breakpoint
ALTER TABLE "cep_lookups" DROP CONSTRAINT "cep_lookups_session_id_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "cep_lookups" ADD COLUMN "customer_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "cep_lookups" ADD COLUMN "fonte" text NOT NULL;--> statement-breakpoint
ALTER TABLE "cep_lookups" ADD CONSTRAINT "cep_lookups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_default_uq" ON "addresses" USING btree ("customer_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "cep_lookups_created_idx" ON "cep_lookups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cep_lookups_provider_idx" ON "cep_lookups" USING btree ("cep","created_at") WHERE fonte = 'provedor';--> statement-breakpoint
ALTER TABLE "cep_lookups" DROP COLUMN "session_id";
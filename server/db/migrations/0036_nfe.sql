ALTER TABLE "orders" ADD COLUMN "buyer_ie" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ncm" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cest" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origem" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text DEFAULT 'SEM GTIN' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unidade" text DEFAULT 'UN' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_without_ncm_idx" ON "products" USING btree ("id") WHERE "products"."ncm" IS NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ncm_ck" CHECK ("products"."ncm" IS NULL OR "products"."ncm" ~ '^[0-9]{8}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cest_ck" CHECK ("products"."cest" IS NULL OR "products"."cest" ~ '^[0-9]{7}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_origem_ck" CHECK ("products"."origem" BETWEEN 0 AND 8);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gtin_ck" CHECK ("products"."gtin" = 'SEM GTIN' OR "products"."gtin" ~ '^([0-9]{8}|[0-9]{12,14})$');--> statement-breakpoint
-- The NF-e jobs (server/domain/fiscal/jobs.ts, docs/decisions/0129-nfe.md): issue, poll, fetch the files, cancel.
SELECT pgboss.create_queue('nfe', '{"policy":"standard","retryLimit":8,"retryDelay":15,"retryBackoff":true,"expireInSeconds":60}');

DROP INDEX "carts_customer_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "carts_customer_uq" ON "carts" USING btree ("customer_id") WHERE "carts"."customer_id" IS NOT NULL;
ALTER TABLE "checkouts" ADD COLUMN "shipping_quote" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_service" text;
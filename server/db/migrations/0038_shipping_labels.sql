CREATE TABLE "shipping_labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"service" text NOT NULL,
	"provider_order_id" text,
	"step" text DEFAULT 'novo' NOT NULL,
	"status" text DEFAULT 'comprando' NOT NULL,
	"price_cents" integer,
	"tracking_code" text,
	"print_url" text,
	"error" text,
	"posted_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_order_live_uq" ON "shipping_labels" USING btree ("order_id") WHERE "shipping_labels"."status" <> 'cancelada';--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_provider_order_uq" ON "shipping_labels" USING btree ("provider_order_id");--> statement-breakpoint
CREATE INDEX "shipping_labels_status_idx" ON "shipping_labels" USING btree ("status","updated_at");--> statement-breakpoint
-- Each step of a label's purchase (server/domain/shipping/labels.ts), and the round that asks the
-- provider about shipped labels no webhook moved (docs/decisions/0128-shipping-providers.md).
SELECT pgboss.create_queue('etiquetas', '{"policy":"standard","retryLimit":5,"retryDelay":15,"retryBackoff":true,"expireInSeconds":60}');--> statement-breakpoint
SELECT pgboss.create_queue('rastreio-etiquetas', '{"policy":"stately","retryLimit":3,"retryDelay":30,"retryBackoff":true,"expireInSeconds":120}');

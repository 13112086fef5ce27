DROP INDEX "shipping_labels_order_live_uq";--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "volume" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "volumes" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "parcel" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_order_live_uq" ON "shipping_labels" USING btree ("order_id","volume") WHERE "shipping_labels"."status" <> 'cancelada';
CREATE TABLE "product_views_daily" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_views_daily_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
ALTER TABLE "product_views_daily" ADD CONSTRAINT "product_views_daily_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_views_daily_day_idx" ON "product_views_daily" USING btree ("day");--> statement-breakpoint
-- Keep what the per-view log knew, as daily totals (São Paulo days), before dropping it.
INSERT INTO "product_views_daily" ("product_id", "day", "views")
SELECT "product_id", ("viewed_at" AT TIME ZONE 'America/Sao_Paulo')::date, count(*)::int FROM "product_views" GROUP BY 1, 2;--> statement-breakpoint
DROP TABLE "product_views" CASCADE;

CREATE TABLE "product_stats" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_views_idx";--> statement-breakpoint
ALTER TABLE "product_stats" ADD CONSTRAINT "product_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stats_views_idx" ON "product_stats" USING btree ("view_count" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "products_category_sold_idx" ON "products" USING btree ("category_id","sold_count" DESC NULLS LAST,"id") WHERE "products"."active";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "view_count";
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "products_title_sort_idx" ON "products" USING btree (lower("titulo"),"id");--> statement-breakpoint
CREATE INDEX "products_inactive_idx" ON "products" USING btree ("id") WHERE NOT "products"."active";
CREATE TABLE "product_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"category_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"sold_count" integer NOT NULL,
	"created_us" bigint NOT NULL,
	"search_title" text NOT NULL,
	"search_tsv" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_id_products_id_fk" FOREIGN KEY ("id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The search copy follows products by itself: after every statement that inserts or updates
-- products, the rows it touched are written again (rows whose searched columns did not change are
-- left alone, so a stock update rewrites nothing). Deletions cascade through the foreign key.
CREATE FUNCTION "product_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (id, active, category_id, brand_id, price_cents, sold_count, created_us, search_title, search_tsv)
  SELECT c.id, c.active, c.category_id, coalesce(c.brand_id, 0), c.price_cents, c.sold_count,
         floor(extract(epoch FROM c.created_at) * 1000000)::bigint, c.search_title, c.search_tsv
  FROM changed c
  ON CONFLICT (id) DO UPDATE SET
    active = excluded.active, category_id = excluded.category_id, brand_id = excluded.brand_id,
    price_cents = excluded.price_cents, sold_count = excluded.sold_count, created_us = excluded.created_us,
    search_title = excluded.search_title, search_tsv = excluded.search_tsv
  WHERE (product_search.active, product_search.category_id, product_search.brand_id, product_search.price_cents,
         product_search.sold_count, product_search.created_us, product_search.search_title, product_search.search_tsv)
    IS DISTINCT FROM
        (excluded.active, excluded.category_id, excluded.brand_id, excluded.price_cents,
         excluded.sold_count, excluded.created_us, excluded.search_title, excluded.search_tsv);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_search_after_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "product_search_sync"();--> statement-breakpoint
CREATE TRIGGER "product_search_after_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "product_search_sync"();--> statement-breakpoint
-- The catalog there already, in id order (what most searches read together sits together).
INSERT INTO "product_search" (id, active, category_id, brand_id, price_cents, sold_count, created_us, search_title, search_tsv)
SELECT id, active, category_id, coalesce(brand_id, 0), price_cents, sold_count,
       floor(extract(epoch FROM created_at) * 1000000)::bigint, search_title, search_tsv
FROM "products" ORDER BY id;--> statement-breakpoint
CREATE INDEX "product_search_tsv_idx" ON "product_search" USING gin ("search_tsv");--> statement-breakpoint
-- Searches read product_search now; this index only slowed every product write.
DROP INDEX "products_tsv_idx";

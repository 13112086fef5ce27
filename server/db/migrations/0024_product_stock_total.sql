-- products.stock_total (decision 0092): what a product can sell — the sum of its active options'
-- stock when it has options, else its own stock — kept by the database so the back office's stock
-- filter is a column (and two small partial indexes) instead of an aggregate per product read.
-- Added empty (NULL), filled, then made NOT NULL DEFAULT 0: the partial indexes built below in this
-- transaction would otherwise also index every pre-fill row version (a default 0 is "esgotado").
ALTER TABLE "products" ADD COLUMN "stock_total" integer;--> statement-breakpoint
-- 1. The catalog notification (0021) with stock_total among the narrow columns: a stock change
--    announces its products, not "everything".
CREATE OR REPLACE FUNCTION "vitrine_catalog_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  everything boolean := false;
  -- Columns that change a product's card or page but not which listings hold it.
  narrow text[] := ARRAY['price_cents', 'compare_at_cents', 'stock', 'sold_count', 'descricao', 'sku', 'altura_mm', 'comprimento_mm', 'largura_mm', 'peso_g', 'especificacoes', 'version', 'updated_at', 'stock_total'];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    everything := true;
  ELSIF TG_TABLE_NAME = 'products' THEN
    IF TG_OP = 'UPDATE' THEN
      SELECT EXISTS (
        SELECT 1 FROM changed n FULL JOIN gone o ON o.id = n.id
        WHERE n.id IS NULL OR o.id IS NULL OR (to_jsonb(n) - narrow) IS DISTINCT FROM (to_jsonb(o) - narrow)
      ) INTO everything;
      IF NOT everything THEN SELECT array_agg(DISTINCT id) FROM changed INTO ids; END IF;
    ELSE
      everything := true;
    END IF;
  ELSIF TG_TABLE_NAME IN ('variations', 'variation_options', 'product_images', 'product_videos', 'wholesale_tiers') THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT product_id) FROM changed INTO ids;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT product_id) FROM gone INTO ids;
    ELSE
      SELECT array_agg(DISTINCT product_id) FROM (SELECT product_id FROM changed UNION SELECT product_id FROM gone) AS both_sides INTO ids;
    END IF;
  ELSE
    everything := true;
  END IF;
  IF everything OR coalesce(array_length(ids, 1), 0) > 500 THEN
    PERFORM pg_notify('vitrine_catalog', '*');
  ELSIF coalesce(array_length(ids, 1), 0) > 0 THEN
    PERFORM pg_notify('vitrine_catalog', 'p:' || array_to_string(ids, ','));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- 2. The rule, in one place.
CREATE OR REPLACE FUNCTION "vitrine_stock_total"(product integer, own integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(*) = 0 THEN own ELSE coalesce(sum(stock) FILTER (WHERE active), 0)::integer END
  FROM variation_options WHERE product_id = product
$$;--> statement-breakpoint
UPDATE "products" p SET "stock_total" = t.total
FROM (SELECT product_id, coalesce(sum(stock) FILTER (WHERE active), 0)::integer AS total FROM variation_options GROUP BY product_id) t
WHERE t.product_id = p.id;--> statement-breakpoint
UPDATE "products" SET "stock_total" = "stock" WHERE "stock_total" IS NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "stock_total" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "stock_total" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "products_sold_out_idx" ON "products" USING btree ("id") WHERE "products"."stock_total" <= 0;--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("id") WHERE "products"."stock_total" BETWEEN 1 AND 7;--> statement-breakpoint
-- 3. A product's own stock changes (checkout, cancel, staff, import): its total is computed on the
--    row being written — checkout updates a product after its options, so the total is right at once
--    and no other row is touched.
CREATE OR REPLACE FUNCTION "vitrine_product_stock_total"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.stock_total := vitrine_stock_total(NEW.id, NEW.stock);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_stock_total" BEFORE INSERT OR UPDATE OF "stock" ON "products" FOR EACH ROW EXECUTE FUNCTION vitrine_product_stock_total();--> statement-breakpoint
-- 4. An option's stock, active flag or product changes, or an option comes or goes: its product's
--    total is written when the transaction commits (a deferred constraint trigger), after every
--    option row the transaction locks — the lock order checkout uses (options, then the product;
--    server/domain/order/stock.ts). Written at once instead, a checkout taking two options of one
--    product would lock the product between them and deadlock with another checkout of the second.
--    Nothing is written when the total is already right (checkout: step 3 did it).
CREATE OR REPLACE FUNCTION "vitrine_option_stock_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN ids := ARRAY[NEW.product_id];
  ELSIF TG_OP = 'DELETE' THEN ids := ARRAY[OLD.product_id];
  ELSE ids := ARRAY[OLD.product_id, NEW.product_id];
  END IF;
  UPDATE products p SET stock_total = vitrine_stock_total(p.id, p.stock)
  WHERE p.id = ANY(ids) AND p.stock_total IS DISTINCT FROM vitrine_stock_total(p.id, p.stock);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "variation_options_stock_total" AFTER INSERT OR DELETE ON "variation_options" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION vitrine_option_stock_total();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "variation_options_stock_total_update" AFTER UPDATE OF "stock", "active", "product_id" ON "variation_options" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.stock IS DISTINCT FROM NEW.stock OR OLD.active IS DISTINCT FROM NEW.active OR OLD.product_id IS DISTINCT FROM NEW.product_id) EXECUTE FUNCTION vitrine_option_stock_total();

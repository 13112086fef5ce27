-- Every write to what a cached catalog answer is built from announces itself on one channel
-- (docs/decisions/0033-cache-invalidation-from-the-database.md): 'p:1,2,3' names the products whose
-- cards and details changed (price, stock, sales, options, images, tiers), '*' means "everything"
-- (a product added, removed or changed in what listings match; categories, brands, slides; a
-- statement touching more than 500 products). Every store instance LISTENs (server/db/listen.ts).
CREATE OR REPLACE FUNCTION "vitrine_catalog_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  everything boolean := false;
  -- Columns that change a product's card or page but not which listings hold it.
  narrow text[] := ARRAY['price_cents', 'stock', 'sold_count', 'descricao', 'sku', 'altura_mm', 'comprimento_mm', 'largura_mm', 'peso_g'];
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
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'variations', 'variation_options', 'product_images', 'product_videos', 'wholesale_tiers', 'categories', 'brands', 'home_slides', 'featured_categories'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_notify_insert', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_notify_update', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_notify_delete', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_notify_truncate', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vitrine_catalog_notify()', t || '_notify_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vitrine_catalog_notify()', t || '_notify_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vitrine_catalog_notify()', t || '_notify_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION vitrine_catalog_notify()', t || '_notify_truncate', t);
  END LOOP;
END
$$;

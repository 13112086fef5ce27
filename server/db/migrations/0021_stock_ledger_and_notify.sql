-- 1. The catalog notification (0010) also treats the "de" price, the save counter, the
--    specifications and updated_at as narrow: a checkout (which bumps updated_at with the stock)
--    announces its products, not "everything". Old links (link_redirects) announce everything.
CREATE OR REPLACE FUNCTION "vitrine_catalog_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  everything boolean := false;
  -- Columns that change a product's card or page but not which listings hold it.
  narrow text[] := ARRAY['price_cents', 'compare_at_cents', 'stock', 'sold_count', 'descricao', 'sku', 'altura_mm', 'comprimento_mm', 'largura_mm', 'peso_g', 'especificacoes', 'version', 'updated_at'];
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
  t text := 'link_redirects';
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vitrine_catalog_notify()', t || '_notify_insert', t);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vitrine_catalog_notify()', t || '_notify_update', t);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vitrine_catalog_notify()', t || '_notify_delete', t);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION vitrine_catalog_notify()', t || '_notify_truncate', t);
END
$$;--> statement-breakpoint
-- 2. The stock ledger (issue 19): every change of products.stock or variation_options.stock, by
--    anyone, becomes a row. Who and why come from transaction-local settings that
--    server/domain/catalog/stock-ledger.ts (stockContext) sets; without them the change was made
--    in the database directly.
CREATE OR REPLACE FUNCTION "vitrine_stock_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product integer;
  option integer;
  was integer;
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    product := NEW.id; option := NULL;
  ELSE
    product := NEW.product_id; option := NEW.id;
  END IF;
  IF TG_OP = 'INSERT' THEN was := 0; ELSE was := OLD.stock; END IF;
  INSERT INTO stock_ledger (product_id, option_id, before, after, reason, actor_kind, actor_id, actor_label, order_code)
  VALUES (
    product, option, was, NEW.stock,
    coalesce(nullif(current_setting('vitrine.stock_reason', true), ''), CASE WHEN TG_OP = 'INSERT' THEN 'Cadastro' ELSE 'Alteração direta no banco' END),
    coalesce(nullif(current_setting('vitrine.actor_kind', true), ''), 'database'),
    nullif(current_setting('vitrine.actor_id', true), '')::integer,
    coalesce(nullif(current_setting('vitrine.actor_label', true), ''), 'banco de dados'),
    nullif(current_setting('vitrine.order_code', true), '')
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_stock_ledger_update" AFTER UPDATE OF "stock" ON "products" FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock) EXECUTE FUNCTION vitrine_stock_ledger();--> statement-breakpoint
CREATE TRIGGER "products_stock_ledger_insert" AFTER INSERT ON "products" FOR EACH ROW WHEN (NEW.stock <> 0) EXECUTE FUNCTION vitrine_stock_ledger();--> statement-breakpoint
CREATE TRIGGER "variation_options_stock_ledger_update" AFTER UPDATE OF "stock" ON "variation_options" FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock) EXECUTE FUNCTION vitrine_stock_ledger();--> statement-breakpoint
CREATE TRIGGER "variation_options_stock_ledger_insert" AFTER INSERT ON "variation_options" FOR EACH ROW WHEN (NEW.stock <> 0) EXECUTE FUNCTION vitrine_stock_ledger();--> statement-breakpoint
-- Append-only, like the audit log.
CREATE OR REPLACE FUNCTION "vitrine_stock_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_ledger is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "stock_ledger_append_only" BEFORE UPDATE ON "stock_ledger" FOR EACH STATEMENT EXECUTE FUNCTION vitrine_stock_ledger_append_only();

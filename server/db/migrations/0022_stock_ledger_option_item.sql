ALTER TABLE "stock_ledger" ADD COLUMN "item" text;--> statement-breakpoint
CREATE INDEX "cart_items_option_idx" ON "cart_items" USING btree ("option_id") WHERE "cart_items"."option_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_option_idx" ON "order_items" USING btree ("option_id") WHERE "order_items"."option_id" IS NOT NULL;--> statement-breakpoint
-- Deleting a variation option (issue 19: a value no cart or order holds) sets stock_ledger.option_id
-- to NULL through its foreign key, an UPDATE the statement-level append-only trigger of 0021 refused
-- for every delete, even with no ledger rows. The ledger row keeps the option's name in `item`
-- (written with each move), and the append-only rule becomes row-level: only that one change passes.
DROP TRIGGER IF EXISTS "stock_ledger_append_only" ON "stock_ledger";--> statement-breakpoint
UPDATE "stock_ledger" l SET "item" = v.nome || ': ' || o.name
  FROM variation_options o JOIN variations v ON v.id = o.variation_id
  WHERE o.id = l.option_id AND l.item IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vitrine_stock_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.option_id IS NOT NULL AND NEW.option_id IS NULL AND (to_jsonb(NEW) - 'option_id') = (to_jsonb(OLD) - 'option_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'stock_ledger is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "stock_ledger_append_only" BEFORE UPDATE ON "stock_ledger" FOR EACH ROW EXECUTE FUNCTION vitrine_stock_ledger_append_only();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vitrine_stock_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product integer;
  option integer;
  label text;
  was integer;
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    product := NEW.id; option := NULL; label := NULL;
  ELSE
    product := NEW.product_id; option := NEW.id;
    SELECT v.nome || ': ' || NEW.name FROM variations v WHERE v.id = NEW.variation_id INTO label;
  END IF;
  IF TG_OP = 'INSERT' THEN was := 0; ELSE was := OLD.stock; END IF;
  INSERT INTO stock_ledger (product_id, option_id, item, before, after, reason, actor_kind, actor_id, actor_label, order_code)
  VALUES (
    product, option, label, was, NEW.stock,
    coalesce(nullif(current_setting('vitrine.stock_reason', true), ''), CASE WHEN TG_OP = 'INSERT' THEN 'Cadastro' ELSE 'Alteração direta no banco' END),
    coalesce(nullif(current_setting('vitrine.actor_kind', true), ''), 'database'),
    nullif(current_setting('vitrine.actor_id', true), '')::integer,
    coalesce(nullif(current_setting('vitrine.actor_label', true), ''), 'banco de dados'),
    nullif(current_setting('vitrine.order_code', true), '')
  );
  RETURN NULL;
END
$$;

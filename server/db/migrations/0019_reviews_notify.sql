-- Approved reviews are part of a product's cached card and page (docs/decisions/0080-reviews-plain-text-and-cache.md):
-- a write that changes an approved review on either side (approved, hidden, replied, deleted)
-- announces the product on the catalog channel, as the catalog tables do
-- (docs/decisions/0033-cache-invalidation-from-the-database.md). A pending review changes nothing shown.
CREATE OR REPLACE FUNCTION "vitrine_reviews_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('vitrine_catalog', '*');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT product_id) FROM changed WHERE status = 'aprovada' INTO ids;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id) FROM gone WHERE status = 'aprovada' INTO ids;
  ELSE
    SELECT array_agg(DISTINCT product_id) FROM (
      SELECT product_id FROM changed WHERE status = 'aprovada' UNION SELECT product_id FROM gone WHERE status = 'aprovada'
    ) AS both_sides INTO ids;
  END IF;
  IF coalesce(array_length(ids, 1), 0) > 500 THEN
    PERFORM pg_notify('vitrine_catalog', '*');
  ELSIF coalesce(array_length(ids, 1), 0) > 0 THEN
    PERFORM pg_notify('vitrine_catalog', 'p:' || array_to_string(ids, ','));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviews_notify_insert" ON "reviews";--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviews_notify_update" ON "reviews";--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviews_notify_delete" ON "reviews";--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviews_notify_truncate" ON "reviews";--> statement-breakpoint
CREATE TRIGGER "reviews_notify_insert" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vitrine_reviews_notify();--> statement-breakpoint
CREATE TRIGGER "reviews_notify_update" AFTER UPDATE ON "reviews" REFERENCING NEW TABLE AS changed OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vitrine_reviews_notify();--> statement-breakpoint
CREATE TRIGGER "reviews_notify_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vitrine_reviews_notify();--> statement-breakpoint
CREATE TRIGGER "reviews_notify_truncate" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION vitrine_reviews_notify();

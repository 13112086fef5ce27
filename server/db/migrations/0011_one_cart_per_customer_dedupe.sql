-- One cart per customer (issue 23, decision 0071): before, a customer could hold one cart per
-- device. Each customer keeps the most recently used cart; a line only an older cart holds moves
-- into it (the first such line of a product and option), and the older carts become anonymous
-- (the idle clean-up removes them). Re-running it changes nothing.
WITH ranked AS (
  SELECT id, customer_id, row_number() OVER (PARTITION BY customer_id ORDER BY updated_at DESC, id DESC) AS n
    FROM carts WHERE customer_id IS NOT NULL
)
UPDATE cart_items ci SET cart_id = k.id
  FROM ranked r JOIN ranked k ON k.customer_id = r.customer_id AND k.n = 1
 WHERE r.n > 1 AND ci.cart_id = r.id
   AND NOT EXISTS (SELECT 1 FROM cart_items x WHERE x.cart_id = k.id AND x.product_id = ci.product_id AND x.option_id IS NOT DISTINCT FROM ci.option_id)
   AND ci.id = (SELECT min(y.id) FROM cart_items y JOIN ranked r2 ON r2.id = y.cart_id
                 WHERE r2.customer_id = r.customer_id AND r2.n > 1 AND y.product_id = ci.product_id AND y.option_id IS NOT DISTINCT FROM ci.option_id);
--> statement-breakpoint
WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY customer_id ORDER BY updated_at DESC, id DESC) AS n
    FROM carts WHERE customer_id IS NOT NULL
)
UPDATE carts SET customer_id = NULL WHERE id IN (SELECT id FROM ranked WHERE n > 1);

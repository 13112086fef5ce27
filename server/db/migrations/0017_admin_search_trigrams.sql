-- The back office's free-text search (docs/decisions/0044-admin-order-list.md): orders by code, buyer
-- name, e-mail and CPF; customers by name, e-mail, CPF and phone. unaccent() is only STABLE, so an
-- IMMUTABLE wrapper lets an index hold the folded text; queries use the same expressions
-- (server/domain/order/admin-list.ts, server/domain/account/admin.ts).
CREATE OR REPLACE FUNCTION vt_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_search_trgm_idx" ON "orders" USING gin (
  vt_fold("code" || ' ' || "buyer_nome" || ' ' || "buyer_email" || ' ' || translate("buyer_cpf", '.-', '')) gin_trgm_ops
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_search_trgm_idx" ON "customers" USING gin (
  vt_fold("nome" || ' ' || "sobrenome" || ' ' || "email" || ' ' || coalesce("documento", '') || ' ' || coalesce(translate("telefone", '()- ', ''), '')) gin_trgm_ops
);

CREATE TABLE "shipping_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_settings_one_row" CHECK ("shipping_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "variation_options" ADD COLUMN "altura_mm" integer;--> statement-breakpoint
ALTER TABLE "variation_options" ADD COLUMN "largura_mm" integer;--> statement-breakpoint
ALTER TABLE "variation_options" ADD COLUMN "comprimento_mm" integer;--> statement-breakpoint
ALTER TABLE "variation_options" ADD COLUMN "peso_g" integer;--> statement-breakpoint
-- A change of the shipping settings, by the back office or psql, reaches every instance the way a catalog
-- change does (0010_catalog_change_notify.sql): the table is none of the function's product tables, so
-- it announces '*' and each instance drops its catalog-scoped caches, the kept settings among them.
CREATE TRIGGER shipping_settings_notify_insert AFTER INSERT ON shipping_settings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vitrine_catalog_notify();--> statement-breakpoint
CREATE TRIGGER shipping_settings_notify_update AFTER UPDATE ON shipping_settings REFERENCING NEW TABLE AS changed OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vitrine_catalog_notify();--> statement-breakpoint
CREATE TRIGGER shipping_settings_notify_delete AFTER DELETE ON shipping_settings REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vitrine_catalog_notify();

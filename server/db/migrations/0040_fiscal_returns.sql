ALTER TABLE "checkouts" ADD COLUMN "empresa" jsonb;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "razao_social" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "inscricao_estadual" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "return_required_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_cnpj" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_razao_social" text;
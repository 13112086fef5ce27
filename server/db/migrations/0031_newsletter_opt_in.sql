ALTER TABLE "newsletter_subscribers" ADD COLUMN "token" text DEFAULT md5(random()::text || clock_timestamp()::text) NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_token_uq" ON "newsletter_subscribers" USING btree ("token");
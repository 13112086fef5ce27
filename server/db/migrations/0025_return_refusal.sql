DROP INDEX "return_requests_order_uq";--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refusal_details" text;--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_order_uq" ON "return_requests" USING btree ("order_id") WHERE "return_requests"."status" <> 'recusada';
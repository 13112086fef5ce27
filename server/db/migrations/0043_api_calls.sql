CREATE TABLE "api_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" uuid NOT NULL,
	"key_id" integer,
	"method" text NOT NULL,
	"route" text,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"error_code" text,
	"duration_ms" real NOT NULL,
	"ip" text NOT NULL,
	"idempotency_key" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "api_request_id" uuid;--> statement-breakpoint
ALTER TABLE "api_calls" ADD CONSTRAINT "api_calls_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_calls_key_idx" ON "api_calls" USING btree ("key_id","id");--> statement-breakpoint
CREATE INDEX "api_calls_key_class_idx" ON "api_calls" USING btree ("key_id",("status" / 100),"id");--> statement-breakpoint
CREATE INDEX "api_calls_at_idx" ON "api_calls" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_api_request_idx" ON "audit_log" USING btree ("api_request_id") WHERE api_request_id IS NOT NULL;
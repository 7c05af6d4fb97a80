ALTER TABLE "click_to_pay_payments" ADD COLUMN "transaction_amount" text;--> statement-breakpoint
ALTER TABLE "click_to_pay_payments" ADD COLUMN "transaction_currency" text;--> statement-breakpoint
ALTER TABLE "sandbox_dpas" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_sdk_sessions" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "sandbox_sdk_sessions" ADD COLUMN "client_hash" text;--> statement-breakpoint
CREATE INDEX "sandbox_sessions_client_idx" ON "sandbox_sdk_sessions" USING btree ("client_hash","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_sessions_expires_idx" ON "sandbox_sdk_sessions" USING btree ("expires_at");
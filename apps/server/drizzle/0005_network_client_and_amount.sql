ALTER TABLE "click_to_pay_payments" ADD COLUMN "transaction_amount" text;--> statement-breakpoint
ALTER TABLE "click_to_pay_payments" ADD COLUMN "transaction_currency" text;--> statement-breakpoint
ALTER TABLE "sandbox_dpas" ADD COLUMN "client_id" text;
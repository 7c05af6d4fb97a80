ALTER TABLE "click_to_pay_payments" ADD COLUMN "payer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "click_to_pay_payments" ADD COLUMN "payer_checkout_hash" text;--> statement-breakpoint
ALTER TABLE "click_to_pay_payments" ADD CONSTRAINT "click_to_pay_payments_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
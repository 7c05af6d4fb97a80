ALTER TABLE "click_to_pay_payments" ADD COLUMN "authentication_method" text;--> statement-breakpoint
ALTER TABLE "click_to_pay_payments" ADD COLUMN "authentication_result" text;--> statement-breakpoint
ALTER TABLE "click_to_pay_payments" ADD COLUMN "authentication_eci" text;--> statement-breakpoint
ALTER TABLE "click_to_pay_payments" ADD COLUMN "verification_method" text;--> statement-breakpoint
ALTER TABLE "click_to_pay_payments" ADD CONSTRAINT "click_to_pay_payments_authentication" CHECK (("click_to_pay_payments"."authentication_method" is null or "click_to_pay_payments"."authentication_method" in ('PASSKEY', 'OTP')) and ("click_to_pay_payments"."authentication_result" is null or "click_to_pay_payments"."authentication_result" in ('AUTHENTICATED', 'UNVERIFIED')));
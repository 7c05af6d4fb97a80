CREATE TABLE "payment_installments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"installment_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_installments" ADD CONSTRAINT "payment_installments_payment_id_click_to_pay_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."click_to_pay_payments"("id") ON DELETE cascade ON UPDATE no action;
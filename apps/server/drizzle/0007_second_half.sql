CREATE TABLE "mock_src_files" (
	"name" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"size" integer NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mock_src_files_name" CHECK ("mock_src_files"."name" ~ '^[a-z0-9-]{1,64}\.json$')
);
--> statement-breakpoint
CREATE TABLE "payment_installments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"installment_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_installments" ADD CONSTRAINT "payment_installments_payment_id_click_to_pay_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."click_to_pay_payments"("id") ON DELETE cascade ON UPDATE no action;
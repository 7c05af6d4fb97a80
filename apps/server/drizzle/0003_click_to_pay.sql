CREATE TABLE "click_to_pay_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"src_dpa_id" text NOT NULL,
	"correlation_id" text NOT NULL,
	"merchant_transaction_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"encrypted_payload" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"expiry" text NOT NULL,
	"credential" text NOT NULL,
	"dynamic_data_type" text,
	"eci" text,
	"order_id" uuid,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "click_to_pay_payments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "click_to_pay_payments_transaction_unique" UNIQUE("src_dpa_id","merchant_transaction_id"),
	CONSTRAINT "click_to_pay_payments_last_four" CHECK ("click_to_pay_payments"."last_four" ~ '^[0-9]{4}$'),
	CONSTRAINT "click_to_pay_payments_expiry" CHECK ("click_to_pay_payments"."expiry" ~ '^(0[1-9]|1[0-2])/[0-9]{2}$'),
	CONSTRAINT "click_to_pay_payments_credential" CHECK ("click_to_pay_payments"."credential" in ('TOKEN', 'CARD'))
);
--> statement-breakpoint
CREATE TABLE "merchant_keys" (
	"purpose" text PRIMARY KEY NOT NULL,
	"kid" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "click_to_pay_payments" ADD CONSTRAINT "click_to_pay_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
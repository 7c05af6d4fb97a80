CREATE TABLE "sandbox_cards" (
	"src_digital_card_id" text PRIMARY KEY NOT NULL,
	"src_payment_card_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"consumer_id" uuid,
	"primary_account_number" text NOT NULL,
	"expiration_month" text NOT NULL,
	"expiration_year" text NOT NULL,
	"cardholder_name" text,
	"brand" text NOT NULL,
	"card_type" text DEFAULT 'CREDIT' NOT NULL,
	"payload_kind" text NOT NULL,
	"payment_token" text,
	"payment_account_reference" text NOT NULL,
	"descriptor_name" text NOT NULL,
	"billing_address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"session_token_hash" text NOT NULL,
	"src_dpa_id" text NOT NULL,
	"kind" text NOT NULL,
	"src_digital_card_id" text,
	"consumer_id" uuid,
	"merchant_origin" text NOT NULL,
	"request" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"src_correlation_id" text,
	"merchant_transaction_id" text,
	"flow_id" text,
	"result" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkouts_merchant_transaction_id_unique" UNIQUE("merchant_transaction_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" text,
	"src_correlation_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_consumers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"mobile_country_code" text,
	"mobile_number" text,
	"first_name" text,
	"last_name" text,
	"country_code" text DEFAULT 'US' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "sandbox_consumers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "sandbox_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consumer_id" uuid NOT NULL,
	"cookie_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sandbox_devices_cookie_hash_unique" UNIQUE("cookie_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_dpas" (
	"src_dpa_id" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_keys" (
	"purpose" text PRIMARY KEY NOT NULL,
	"kid" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_keys_kid_unique" UNIQUE("kid")
);
--> statement-breakpoint
CREATE TABLE "sandbox_merchant_cards" (
	"merchant_card_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"src_dpa_id" text NOT NULL,
	"src_digital_card_id" text NOT NULL,
	"merchant_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_otp_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_token_hash" text NOT NULL,
	"consumer_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_sdk_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"src_dpa_id" text NOT NULL,
	"init" jsonb NOT NULL,
	"lookup_consumer_id" uuid,
	"lookup_identity" jsonb,
	"consumer_id" uuid,
	"device_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_cards" ADD CONSTRAINT "sandbox_cards_consumer_id_sandbox_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."sandbox_consumers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_session_token_hash_sandbox_sdk_sessions_token_hash_fk" FOREIGN KEY ("session_token_hash") REFERENCES "public"."sandbox_sdk_sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_src_digital_card_id_sandbox_cards_src_digital_card_id_fk" FOREIGN KEY ("src_digital_card_id") REFERENCES "public"."sandbox_cards"("src_digital_card_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_consumer_id_sandbox_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."sandbox_consumers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_confirmations" ADD CONSTRAINT "sandbox_confirmations_checkout_id_sandbox_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."sandbox_checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_devices" ADD CONSTRAINT "sandbox_devices_consumer_id_sandbox_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."sandbox_consumers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_merchant_cards" ADD CONSTRAINT "sandbox_merchant_cards_src_digital_card_id_sandbox_cards_src_digital_card_id_fk" FOREIGN KEY ("src_digital_card_id") REFERENCES "public"."sandbox_cards"("src_digital_card_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_otp_challenges" ADD CONSTRAINT "sandbox_otp_challenges_session_token_hash_sandbox_sdk_sessions_token_hash_fk" FOREIGN KEY ("session_token_hash") REFERENCES "public"."sandbox_sdk_sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_otp_challenges" ADD CONSTRAINT "sandbox_otp_challenges_consumer_id_sandbox_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."sandbox_consumers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_sdk_sessions" ADD CONSTRAINT "sandbox_sdk_sessions_lookup_consumer_id_sandbox_consumers_id_fk" FOREIGN KEY ("lookup_consumer_id") REFERENCES "public"."sandbox_consumers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_sdk_sessions" ADD CONSTRAINT "sandbox_sdk_sessions_consumer_id_sandbox_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."sandbox_consumers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_cards_consumer_idx" ON "sandbox_cards" USING btree ("consumer_id");--> statement-breakpoint
CREATE INDEX "sandbox_checkouts_correlation_idx" ON "sandbox_checkouts" USING btree ("src_correlation_id");--> statement-breakpoint
CREATE INDEX "sandbox_otp_session_idx" ON "sandbox_otp_challenges" USING btree ("session_token_hash");
CREATE TABLE "merchant_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"src_digital_card_id" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"expiry" text NOT NULL,
	"token_last_four" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_cards_src_digital_card_id_unique" UNIQUE("src_digital_card_id"),
	CONSTRAINT "merchant_cards_last_four" CHECK ("merchant_cards"."last_four" ~ '^[0-9]{4}$'),
	CONSTRAINT "merchant_cards_expiry" CHECK ("merchant_cards"."expiry" ~ '^(0[1-9]|1[0-2])/[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_scof_cards" (
	"src_digital_card_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"src_dpa_id" text NOT NULL,
	"external_account_id" text NOT NULL,
	"pan_hash" text NOT NULL,
	"src_correlation_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_scof_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"src_digital_card_id" text NOT NULL,
	"client_id" text NOT NULL,
	"src_dpa_id" text NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"src_correlation_id" text NOT NULL,
	"cryptogram_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_scof_credentials_cryptogram_hash_unique" UNIQUE("cryptogram_hash")
);
--> statement-breakpoint
ALTER TABLE "merchant_cards" ADD CONSTRAINT "merchant_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_scof_cards" ADD CONSTRAINT "sandbox_scof_cards_src_digital_card_id_sandbox_cards_src_digital_card_id_fk" FOREIGN KEY ("src_digital_card_id") REFERENCES "public"."sandbox_cards"("src_digital_card_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_scof_credentials" ADD CONSTRAINT "sandbox_scof_credentials_src_digital_card_id_sandbox_cards_src_digital_card_id_fk" FOREIGN KEY ("src_digital_card_id") REFERENCES "public"."sandbox_cards"("src_digital_card_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_cards_user_idx" ON "merchant_cards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_scof_cards_account_card_idx" ON "sandbox_scof_cards" USING btree ("client_id","src_dpa_id","external_account_id","pan_hash") WHERE "sandbox_scof_cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_scof_credentials_card_idx" ON "sandbox_scof_credentials" USING btree ("src_digital_card_id");--> statement-breakpoint
CREATE INDEX "sandbox_scof_credentials_correlation_idx" ON "sandbox_scof_credentials" USING btree ("src_correlation_id");
CREATE TABLE "sandbox_agent_nonces" (
	"keyid" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_agent_nonces_keyid_nonce_pk" PRIMARY KEY("keyid","nonce")
);
--> statement-breakpoint
CREATE TABLE "sandbox_agentic_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"consumer_id" uuid NOT NULL,
	"src_digital_card_id" text NOT NULL,
	"network_token" text NOT NULL,
	"user_kid" text NOT NULL,
	"user_private_jwk" jsonb NOT NULL,
	"l1" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"keyid" text NOT NULL,
	"signing_jwk" jsonb NOT NULL,
	"credential_kid" text NOT NULL,
	"credential_jwk" jsonb NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_agents_keyid_unique" UNIQUE("keyid")
);
--> statement-breakpoint
CREATE TABLE "sandbox_mandate_spends" (
	"credential_id" text PRIMARY KEY NOT NULL,
	"mandate_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"src_correlation_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"agentic_token_id" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"request" jsonb NOT NULL,
	"draft" jsonb,
	"l2" text,
	"mandate_digest" text,
	"approval" jsonb,
	"request_expires_at" timestamp with time zone NOT NULL,
	"mandate_expires_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_mandates_mandate_digest_unique" UNIQUE("mandate_digest")
);
--> statement-breakpoint
ALTER TABLE "sandbox_agentic_tokens" ADD CONSTRAINT "sandbox_agentic_tokens_agent_id_sandbox_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."sandbox_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_agentic_tokens" ADD CONSTRAINT "sandbox_agentic_tokens_consumer_id_sandbox_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."sandbox_consumers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_agentic_tokens" ADD CONSTRAINT "sandbox_agentic_tokens_src_digital_card_id_sandbox_cards_src_digital_card_id_fk" FOREIGN KEY ("src_digital_card_id") REFERENCES "public"."sandbox_cards"("src_digital_card_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_mandate_spends" ADD CONSTRAINT "sandbox_mandate_spends_mandate_id_sandbox_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sandbox_mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_mandates" ADD CONSTRAINT "sandbox_mandates_agentic_token_id_sandbox_agentic_tokens_id_fk" FOREIGN KEY ("agentic_token_id") REFERENCES "public"."sandbox_agentic_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_agent_nonces_expires_idx" ON "sandbox_agent_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sandbox_agentic_tokens_consumer_idx" ON "sandbox_agentic_tokens" USING btree ("consumer_id");--> statement-breakpoint
CREATE INDEX "sandbox_agents_address_idx" ON "sandbox_agents" USING btree ("address_hash","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_mandate_spends_mandate_idx" ON "sandbox_mandate_spends" USING btree ("mandate_id");--> statement-breakpoint
CREATE INDEX "sandbox_mandates_token_idx" ON "sandbox_mandates" USING btree ("agentic_token_id");
CREATE TABLE "agent_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"agent_keyid" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"checkout_jwt" text NOT NULL,
	"order_id" uuid,
	CONSTRAINT "agent_checkouts_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "agent_checkouts_total_cents" CHECK ("agent_checkouts"."total_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "agent_request_nonces" (
	"keyid" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_request_nonces_keyid_nonce_pk" PRIMARY KEY("keyid","nonce")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agent" jsonb;--> statement-breakpoint
ALTER TABLE "agent_checkouts" ADD CONSTRAINT "agent_checkouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_request_nonces_expires_at_idx" ON "agent_request_nonces" USING btree ("expires_at");
CREATE TABLE "sandbox_windows" (
	"id" text PRIMARY KEY NOT NULL,
	"session_token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"checkout_id" text,
	"request" jsonb NOT NULL,
	"grant_hash" text NOT NULL,
	"grant_expires_at" timestamp with time zone NOT NULL,
	"token_hash" text,
	"opened_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_windows_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sandbox_windows" ADD CONSTRAINT "sandbox_windows_session_token_hash_sandbox_sdk_sessions_token_hash_fk" FOREIGN KEY ("session_token_hash") REFERENCES "public"."sandbox_sdk_sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_windows" ADD CONSTRAINT "sandbox_windows_checkout_id_sandbox_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."sandbox_checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_windows_session_idx" ON "sandbox_windows" USING btree ("session_token_hash");
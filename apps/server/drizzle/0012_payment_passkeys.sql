CREATE TABLE "sandbox_passkeys" (
	"credential_id" text PRIMARY KEY NOT NULL,
	"consumer_id" uuid NOT NULL,
	"rp_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" integer DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"window_id" text NOT NULL,
	"purpose" text NOT NULL,
	"consumer_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"rp_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sandbox_passkeys" ADD CONSTRAINT "sandbox_passkeys_consumer_id_sandbox_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."sandbox_consumers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_webauthn_challenges" ADD CONSTRAINT "sandbox_webauthn_challenges_window_id_sandbox_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."sandbox_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_webauthn_challenges" ADD CONSTRAINT "sandbox_webauthn_challenges_consumer_id_sandbox_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."sandbox_consumers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_passkeys_consumer_idx" ON "sandbox_passkeys" USING btree ("consumer_id","rp_id");
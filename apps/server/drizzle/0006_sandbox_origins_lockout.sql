CREATE TABLE "sandbox_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_dpa_origins" (
	"src_dpa_id" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_dpa_origins_src_dpa_id_origin_pk" PRIMARY KEY("src_dpa_id","origin")
);
--> statement-breakpoint
ALTER TABLE "sandbox_consumers" ADD COLUMN "wrong_codes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_clients_address_idx" ON "sandbox_clients" USING btree ("address_hash","created_at");
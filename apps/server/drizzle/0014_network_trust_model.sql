CREATE TABLE "sandbox_code_failures" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_sdk_sessions" ADD COLUMN "consumer_browser_hash" text;--> statement-breakpoint
ALTER TABLE "sandbox_sdk_sessions" ADD COLUMN "verification" jsonb;--> statement-breakpoint
-- Wrong codes no longer lock a profile: the profiles they locked open again (the seeded locked one never counted any).
UPDATE "sandbox_consumers" SET "locked" = false WHERE "wrong_codes" >= 6;--> statement-breakpoint
ALTER TABLE "sandbox_consumers" DROP COLUMN "wrong_codes";
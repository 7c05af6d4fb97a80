CREATE TABLE "mock_src_files" (
	"name" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"size" integer NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mock_src_files_name" CHECK ("mock_src_files"."name" ~ '^[a-z0-9-]{1,64}\.json$')
);

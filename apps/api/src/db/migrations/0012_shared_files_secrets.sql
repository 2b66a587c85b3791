CREATE TABLE "app_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "app_secrets_secret_ck" CHECK (length("app_secrets"."secret") >= 32)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "app_secrets_one_current_idx" ON "app_secrets" USING btree ((true)) WHERE "app_secrets"."retired_at" is null;--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"chunk_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_key_unique" UNIQUE("key"),
	CONSTRAINT "stored_files_size_ck" CHECK ("stored_files"."size" >= 0),
	CONSTRAINT "stored_files_chunk_size_ck" CHECK ("stored_files"."chunk_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"file_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq"),
	CONSTRAINT "stored_file_chunks_seq_ck" CHECK ("stored_file_chunks"."seq" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;

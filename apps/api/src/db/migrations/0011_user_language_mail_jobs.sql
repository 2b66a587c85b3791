ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'ja' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_ck" CHECK ("users"."language" in ('ja', 'en'));

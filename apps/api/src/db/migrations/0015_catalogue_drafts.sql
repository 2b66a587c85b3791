-- The office's catalogue (decision 031): a session is a draft until the office publishes it (only
-- published sessions are public), and a cancellation is stamped once (the conditional UPDATE that
-- cancels a session requires cancelled_at to be empty, so mails and refunds start once).
ALTER TABLE "trainings" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;
--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_status_ck" CHECK ("trainings"."status" in ('draft', 'published'));
--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "cancelled_at" timestamp with time zone;

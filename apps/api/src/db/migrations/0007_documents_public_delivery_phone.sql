ALTER TABLE "documents" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "documents" SET "is_public" = true WHERE "training_id" IS NULL AND "course_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone" text;

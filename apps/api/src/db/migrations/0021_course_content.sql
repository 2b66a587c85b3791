ALTER TABLE "lessons" ADD COLUMN "video_key" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "video_type" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "video_size" bigint;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "thumbnail_type" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_video_ck" CHECK (("video_key" is null) = ("video_type" is null) and ("video_key" is null) = ("video_size" is null));--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;

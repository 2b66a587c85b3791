ALTER TABLE "news" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;

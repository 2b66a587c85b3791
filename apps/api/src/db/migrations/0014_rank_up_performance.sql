-- Rank-up requests (decision 030): named statuses 0-3, the office's decision, and at most one open
-- request (choosing a session or session chosen) per member, enforced here rather than by a read.
ALTER TABLE "rank_up_requests" ADD COLUMN "from_rank_id" integer REFERENCES "ranks"("id");
--> statement-breakpoint
ALTER TABLE "rank_up_requests" ADD COLUMN "reason" text;
--> statement-breakpoint
ALTER TABLE "rank_up_requests" ADD COLUMN "decided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rank_up_requests" ADD COLUMN "decided_by" integer REFERENCES "users"("id");
--> statement-breakpoint
ALTER TABLE "rank_up_requests" ADD CONSTRAINT "rank_up_requests_status_ck" CHECK ("status" between 0 and 3);
--> statement-breakpoint
ALTER TABLE "rank_up_requests" ADD CONSTRAINT "rank_up_requests_session_ck" CHECK ("status" = 0 OR "status" = 3 OR "training_id" IS NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX "rank_up_requests_one_open_idx" ON "rank_up_requests" ("user_id") WHERE "status" in (0, 1);
--> statement-breakpoint
-- Performance certificates (実績証明書): one verification code per member, session and role, kept so a
-- second download prints the same code and the public check can find it.
CREATE TABLE "performance_certificates" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "training_id" integer NOT NULL REFERENCES "trainings"("id"),
  "user_type_id" integer NOT NULL REFERENCES "user_types"("id"),
  "verification_code" text NOT NULL UNIQUE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "performance_certificates_one_idx" ON "performance_certificates" ("user_id", "training_id", "user_type_id");

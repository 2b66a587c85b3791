-- BI certification requests (decision 029): the pledge signed, the office's decision, one open request
-- per member and course, and the certification fee of a course (the BI course's registration is free).
ALTER TABLE "courses" ADD COLUMN "certification_fee" integer;
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_certification_fee_ck" CHECK ("certification_fee" IS NULL OR "certification_fee" >= 0);
--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD COLUMN "pledge_variant" text;
--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD COLUMN "decided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD COLUMN "decided_by" integer REFERENCES "users"("id");
--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD COLUMN "decision_reason" text;
--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_instructor_status_ck" CHECK ("certificate_type" <> 2 OR "status" BETWEEN 0 AND 4);
--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_pledge_ck" CHECK ("certificate_type" <> 2 OR "status" = 0 OR "status" = 4 OR "pledge_variant" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_approved_ck" CHECK ("certificate_type" <> 2 OR "status" <> 3 OR "certificate_id" IS NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_requests_instructor_open_uq" ON "certificate_requests" ("user_id", "course_id") WHERE "certificate_type" = 2 AND "status" IN (0, 1, 2, 3);
--> statement-breakpoint
CREATE UNIQUE INDEX "instructor_request_documents_kind_uq" ON "instructor_request_documents" ("request_id", "kind");

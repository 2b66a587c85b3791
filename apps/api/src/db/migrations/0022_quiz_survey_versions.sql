-- Versions of tests and surveys (decision 036). A question row is never changed or deleted once it may
-- have been answered: an office edit retires the questions it changes or removes (version_to = the
-- version that no longer has them) and inserts new rows (version_from = the new version). Answers keep
-- pointing at the row they answered. Current questions: version_to is null.
ALTER TABLE "quizzes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "version_from" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "version_to" integer;
--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_versions_ck" CHECK ("quiz_questions"."version_to" is null or "quiz_questions"."version_to" > "quiz_questions"."version_from");
--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "survey_questions" ADD COLUMN "version_from" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "survey_questions" ADD COLUMN "version_to" integer;
--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_versions_ck" CHECK ("survey_questions"."version_to" is null or "survey_questions"."version_to" > "survey_questions"."version_from");
--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_course_uq" ON "surveys" USING btree ("course_id") WHERE "surveys"."course_id" is not null;

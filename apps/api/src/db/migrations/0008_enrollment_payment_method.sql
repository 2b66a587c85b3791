ALTER TABLE "enrollments" ADD COLUMN "payment_method_id" smallint;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_payment_method_ck" CHECK ("enrollments"."payment_method_id" in (1, 2, 3));

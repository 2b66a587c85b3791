ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_renewal_status_ck" CHECK ("certificate_requests"."certificate_type" <> 3 or "certificate_requests"."status" in (0, 1, 3, 8, 4));
--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_requests_renewal_source_uq" ON "certificate_requests" USING btree ("source_certificate_id") WHERE "certificate_requests"."certificate_type" = 3;

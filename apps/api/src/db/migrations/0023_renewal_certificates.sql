-- The renewed certificate (decision 034): one per old certificate (a renewal issued twice at once makes
-- one row), a renewal certificate (type 3) always names the certificate it continues, and a complete
-- renewal request (type 3, status 4) always holds the certificate it issued.
CREATE UNIQUE INDEX "certificates_extended_from_uq" ON "certificates" USING btree ("extended_from_id") WHERE "certificates"."extended_from_id" is not null;
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_renewal_source_ck" CHECK ("certificates"."certificate_type" <> 3 or "certificates"."extended_from_id" is not null);
--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_renewal_complete_ck" CHECK ("certificate_requests"."certificate_type" <> 3 or "certificate_requests"."status" <> 4 or "certificate_requests"."certificate_id" is not null);

ALTER TABLE "users" ADD COLUMN "office_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "local_holding_id" integer;--> statement-breakpoint
UPDATE "users" SET "office_role" = 'admin' WHERE "role" = 'office';--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_ck";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_ck" CHECK ("users"."role" in ('member', 'office', 'host'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_office_role_ck" CHECK (("users"."role" = 'office') = ("users"."office_role" is not null) and ("users"."office_role" is null or "users"."office_role" in ('admin', 'staff')));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_host_ck" CHECK (("users"."role" = 'host') = ("users"."local_holding_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_local_holding_id_local_holdings_id_fk" FOREIGN KEY ("local_holding_id") REFERENCES "public"."local_holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_local_holding_uq" ON "users" USING btree ("local_holding_id");--> statement-breakpoint
ALTER TABLE "local_holdings" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "local_holdings" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "local_holdings" ADD CONSTRAINT "local_holdings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_holdings_status_idx" ON "local_holdings" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trainings_local_holding_idx" ON "trainings" USING btree ("local_holding_id","event_date");

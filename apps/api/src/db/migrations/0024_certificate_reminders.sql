CREATE TABLE IF NOT EXISTS "certificate_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"reminder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_reminders_reminder_ck" CHECK ("certificate_reminders"."reminder" in ('sixMonths', 'oneMonth', 'oneDay', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "certificate_reminders" ADD CONSTRAINT "certificate_reminders_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_reminders_uq" ON "certificate_reminders" USING btree ("certificate_id","reminder");

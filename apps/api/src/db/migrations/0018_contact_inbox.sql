ALTER TABLE "contacts" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "assignee_id" integer;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "language" text DEFAULT 'ja' NOT NULL;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_status_ck" CHECK ("contacts"."status" in ('new', 'in_progress', 'answered', 'closed'));
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_language_ck" CHECK ("contacts"."language" in ('ja', 'en'));
--> statement-breakpoint
CREATE INDEX "contacts_status_created_idx" ON "contacts" USING btree ("status","created_at");
--> statement-breakpoint
CREATE TABLE "contact_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"kind" text NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_entries_kind_ck" CHECK ("contact_entries"."kind" in ('note', 'reply'))
);
--> statement-breakpoint
ALTER TABLE "contact_entries" ADD CONSTRAINT "contact_entries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_entries" ADD CONSTRAINT "contact_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "contact_entries_contact_idx" ON "contact_entries" USING btree ("contact_id","created_at");
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "resends" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_idx" ON "mail_outbox" USING btree ("status","created_at");

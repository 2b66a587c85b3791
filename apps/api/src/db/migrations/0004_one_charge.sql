ALTER TABLE "payments" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "object_type" smallint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "object_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "object_key" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_purchase_uq" ON "payments" USING btree ("user_id","object_type","object_id","object_key") WHERE "payments"."open" and "payments"."object_type" <> 4;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_transaction_uq" ON "payments" USING btree ("transaction_id") WHERE "payments"."open";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_live_purchase_uq" ON "orders" USING btree ("user_id","object_type","object_id",coalesce("request_id", 0),coalesce("legacy_certificate_id", 0)) WHERE "orders"."type" = 1 and "orders"."status" in (0, 3) and "orders"."object_type" <> 4;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_purchase_uq" ON "orders" USING btree ("transaction_id") WHERE "orders"."type" = 1 and "orders"."transaction_id" is not null;--> statement-breakpoint
CREATE TABLE "duplicate_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"transaction_id" integer,
	"kept_order_id" integer,
	"gateway" text NOT NULL,
	"intent_id" text NOT NULL,
	"object_type" smallint NOT NULL,
	"object_id" integer,
	"amount" integer NOT NULL,
	"refund_status" text DEFAULT 'waiting' NOT NULL,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_charges_intent_id_unique" UNIQUE("intent_id"),
	CONSTRAINT "duplicate_charges_amount_ck" CHECK ("duplicate_charges"."amount" >= 0),
	CONSTRAINT "duplicate_charges_refund_status_ck" CHECK ("duplicate_charges"."refund_status" in ('waiting', 'pending', 'requires_action', 'succeeded', 'failed', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "duplicate_charges" ADD CONSTRAINT "duplicate_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_charges" ADD CONSTRAINT "duplicate_charges_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_charges" ADD CONSTRAINT "duplicate_charges_kept_order_id_orders_id_fk" FOREIGN KEY ("kept_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_charges_created_idx" ON "duplicate_charges" USING btree ("created_at");

ALTER TABLE "products" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_ck" CHECK ("products"."stock" is null or "products"."stock" >= 0);--> statement-breakpoint
ALTER TABLE "duplicate_charges" ADD COLUMN "reason" text DEFAULT 'duplicate' NOT NULL;--> statement-breakpoint
UPDATE "product_images" SET "is_thumb" = false
WHERE "is_thumb" AND "id" NOT IN (SELECT min("id") FROM "product_images" WHERE "is_thumb" GROUP BY "product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_thumb_uq" ON "product_images" USING btree ("product_id") WHERE "product_images"."is_thumb";--> statement-breakpoint
CREATE TABLE "product_order_holds" (
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"stock_taken" boolean NOT NULL,
	"once_per_user" boolean NOT NULL,
	CONSTRAINT "product_order_holds_order_id_product_id_pk" PRIMARY KEY("order_id","product_id"),
	CONSTRAINT "product_order_holds_quantity_ck" CHECK ("product_order_holds"."quantity" > 0 and (not "product_order_holds"."once_per_user" or "product_order_holds"."quantity" = 1))
);--> statement-breakpoint
ALTER TABLE "product_order_holds" ADD CONSTRAINT "product_order_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_holds" ADD CONSTRAINT "product_order_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_holds" ADD CONSTRAINT "product_order_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_order_holds_once_uq" ON "product_order_holds" USING btree ("user_id","product_id") WHERE "product_order_holds"."once_per_user";--> statement-breakpoint
CREATE INDEX "product_order_holds_product_idx" ON "product_order_holds" USING btree ("product_id");--> statement-breakpoint
INSERT INTO "product_order_holds" ("order_id", "product_id", "user_id", "quantity", "stock_taken", "once_per_user")
SELECT o."id", i."product_id", o."user_id", sum(i."quantity")::int, false, false
FROM "orders" o JOIN "order_items" i ON i."order_id" = o."id"
WHERE o."type" = 1 AND o."object_type" = 4 AND o."status" IN (0, 3, 4, 5) AND i."product_id" IS NOT NULL
GROUP BY o."id", i."product_id", o."user_id";--> statement-breakpoint
UPDATE "product_order_holds" h SET "once_per_user" = true
FROM (
	SELECT DISTINCT ON (h2."user_id", h2."product_id") h2."order_id", h2."product_id"
	FROM "product_order_holds" h2 JOIN "products" p ON p."id" = h2."product_id"
	WHERE p."buy_once_per_user" AND h2."quantity" = 1
	ORDER BY h2."user_id", h2."product_id", h2."order_id"
) f
WHERE h."order_id" = f."order_id" AND h."product_id" = f."product_id";
--> statement-breakpoint
-- A shop order refunded, cancelled or failed gives back what it held (decision 040), whichever code path
-- changes its status: its holds are deleted (so a second change finds nothing) and their stock added back.
CREATE OR REPLACE FUNCTION orders_release_product_holds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH released AS (
    DELETE FROM product_order_holds WHERE order_id = NEW.id RETURNING product_id, quantity, stock_taken
  )
  UPDATE products p SET stock = p.stock + r.quantity
  FROM released r
  WHERE p.id = r.product_id AND r.stock_taken AND p.stock IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_release_product_holds AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.status IN (1, 2, 6)) EXECUTE FUNCTION orders_release_product_holds();

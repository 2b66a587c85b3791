/**
 * What a live shop order holds (decision 040): the units taken from a product's stock, by a conditional
 * UPDATE that cannot take more than is left, and the member's one purchase of a one-per-person product,
 * by the partial unique index product_order_holds_once_uq. Both happen in the transaction that records
 * the order. An order refunded, cancelled or failed releases its holds and gives the stock back once: the
 * trigger orders_release_product_holds (migration 0026) does it whichever code changes the status.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { productOrderHolds, products } from '../../db/schema.ts';

/** Why a product could not be held for an order (the codes the payment calls answer). */
export type HoldRefusal = 'PRODUCT_OUT_OF_STOCK' | 'PRODUCT_ONCE_PER_USER' | 'PRODUCT_INACTIVE';

export class ProductHoldError extends Error {
  readonly code: HoldRefusal;
  readonly productId: number;
  readonly productName: string;
  constructor(code: HoldRefusal, product: { id: number; name: string }) {
    super(`product hold refused: ${code}`);
    this.code = code;
    this.productId = product.id;
    this.productName = product.name;
  }
}

export type HeldLine = { productId: number | null; quantity: number };

/**
 * Takes the order's products: for each, one conditional UPDATE (stock left ≥ quantity, on sale) and one
 * hold row. Throws ProductHoldError when a product is hidden, out of stock or already bought by the
 * member; the caller's transaction (or savepoint) then rolls every product of the order back.
 */
export async function holdOrderProducts(
  tx: Tx,
  input: { orderId: number; userId: number; lines: readonly HeldLine[] },
): Promise<void> {
  const wanted = new Map<number, number>();
  for (const line of input.lines)
    if (line.productId !== null && line.quantity > 0)
      wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  // In id order, so two orders of the same products lock them in the same order (no deadlock).
  for (const [productId, quantity] of [...wanted].sort((a, b) => a[0] - b[0])) {
    const [taken] = await tx
      .update(products)
      .set({
        stock: sql`case when ${products.stock} is null then null else ${products.stock} - ${quantity} end`,
      })
      .where(
        and(
          eq(products.id, productId),
          eq(products.isActive, true),
          sql`(${products.stock} is null or ${products.stock} >= ${quantity})`,
        ),
      )
      .returning({ stock: products.stock, once: products.buyOncePerUser, name: products.name });
    if (!taken) {
      const [row] = await tx
        .select({ isActive: products.isActive, name: products.name })
        .from(products)
        .where(eq(products.id, productId));
      throw new ProductHoldError(row?.isActive ? 'PRODUCT_OUT_OF_STOCK' : 'PRODUCT_INACTIVE', {
        id: productId,
        name: row?.name ?? String(productId),
      });
    }
    const product = { id: productId, name: taken.name };
    if (taken.once && quantity > 1) throw new ProductHoldError('PRODUCT_ONCE_PER_USER', product);
    const [held] = await tx
      .insert(productOrderHolds)
      .values({
        orderId: input.orderId,
        productId,
        userId: input.userId,
        quantity,
        stockTaken: taken.stock !== null,
        oncePerUser: taken.once,
      })
      .onConflictDoNothing()
      .returning({ productId: productOrderHolds.productId });
    if (!held) throw new ProductHoldError('PRODUCT_ONCE_PER_USER', product);
  }
}

/** The live order holding the member's one purchase of a one-per-person product, or null. */
export async function heldOrderOf(
  db: Executor,
  input: { userId: number; productId: number },
): Promise<number | null> {
  const [row] = await db
    .select({ orderId: productOrderHolds.orderId })
    .from(productOrderHolds)
    .where(
      and(
        eq(productOrderHolds.userId, input.userId),
        eq(productOrderHolds.productId, input.productId),
        eq(productOrderHolds.oncePerUser, true),
      ),
    );
  return row?.orderId ?? null;
}

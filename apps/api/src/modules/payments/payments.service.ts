import { randomBytes } from 'node:crypto';
import {
  FREE_THRESHOLD_YEN,
  LIMITS,
  OBJECT_TYPE,
  ORDER_STATUS,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD,
  paymentMessage,
  type CartProduct,
  type CheckPaymentInput,
  type CheckProductOrderInput,
  type CreateOrderTransactionInput,
  type CreatePaymentIntentInput,
  type CreatePaymentOrderInput,
  type ErrorCode,
  type FreeOrderInput,
  type OfflineOrderInput,
  type OrderStatus,
  TRANSACTION_STATUS,
  ORDER_TYPE,
  type ObjectType,
} from '@mels/domain';
import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  certificateRequests,
  enrollments,
  jobs,
  orderItems,
  orders,
  payments,
  trainingPaymentMethods,
  transactions,
  users,
} from '../../db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import type { PaymentIntent } from '../../lib/payment-gateway/types.ts';
import type { Deps } from '../../plugins/deps.ts';
import { queueTransferMails } from '../notifications/index.ts';
import { CANCEL_TRANSFER_JOB, emitOrderCompleted } from '../orders/index.ts';
import { holdOrderProducts, heldOrderOf, productEligibility, ProductHoldError } from '../products/index.ts';
import { DuplicateChargeError, recordDuplicate, settleDuplicateNow } from './duplicate-charges.ts';
import { linesTotal, payableAmount, shopLines, type PayableLine } from './payable.ts';
import {
  closePayment,
  findOpenPayment,
  insertClosedPayment,
  insertOpenPayment,
  objectKeyOf,
  type Payment,
  type PurchaseSlot,
} from './payments.repository.ts';

export type PaymentsDeps = Deps;
export type Order = typeof orders.$inferSelect;
type Transaction = typeof transactions.$inferSelect;

export const TRANSFER_DAYS = LIMITS.bankTransferDays;

type TxMeta = {
  products?: CartProduct[];
  lines?: PayableLine[];
  trainingId?: number | null;
  attendanceCode?: string | null;
  /** The certificate number the legacy certificate was found by instead (certificate claim, 3). */
  certificateCode?: string | null;
  requestId?: number | null;
  /** The legacy certificate the attendance code (or certificate number) found (certificate claim, 3). */
  legacyCertificateId?: number | null;
};

/** What a purchase is keyed on besides its object: the request (5, 7) or the legacy certificate (3). */
type OrderKey = { requestId?: number | null; legacyCertificateId?: number | null };

/** The keys of a payable kept in the transaction meta (read back when the intent is recorded). */
const metaKeys = (
  payable: OrderKey & { attendanceCode?: string | null; certificateCode?: string | null },
) => ({
  attendanceCode: payable.attendanceCode ?? null,
  certificateCode: payable.certificateCode ?? null,
  requestId: payable.requestId ?? null,
  legacyCertificateId: payable.legacyCertificateId ?? null,
});

const newTKey = () => `t_${randomBytes(16).toString('hex')}`;

async function lockUser(tx: Tx, userId: number) {
  // Serialises one user's money changes (free/offline orders have no gateway key to be unique on).
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A transaction of the user; another user's key is not found. */
async function ownTransaction(db: Executor, userId: number, tKey: string): Promise<Transaction> {
  const [row] = await db.select().from(transactions).where(eq(transactions.tKey, tKey));
  if (!row || row.userId !== userId) throw notFound();
  return row;
}

/**
 * The user's purchase of an object that is paid or being paid (status 0 or 3); for a request (5, 7)
 * or a certificate claim (3), of that request / legacy certificate.
 */
async function activeOrder(
  db: Executor,
  userId: number,
  objectType: ObjectType,
  objectId: number,
  key: OrderKey = {},
): Promise<Order | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.type, ORDER_TYPE.purchase),
        eq(orders.objectType, objectType),
        eq(orders.objectId, objectId),
        key.requestId ? eq(orders.requestId, key.requestId) : undefined,
        key.legacyCertificateId ? eq(orders.legacyCertificateId, key.legacyCertificateId) : undefined,
        inArray(orders.status, [ORDER_STATUS.inPayment, ORDER_STATUS.complete]),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return row ?? null;
}

function assertNotPaid(order: Order | null) {
  if (!order) return;
  if (order.status === ORDER_STATUS.complete) throw conflict(PAYMENT_MESSAGES.alreadyPaid, 'ALREADY_PAID');
  throw conflict(PAYMENT_MESSAGES.processing, 'NG_PENDING_PAYMENT');
}

// ───────────────────────────── check-product-order ─────────────────────────────

/**
 * A cart's lines and every reason it cannot be bought by the user now (missing, hidden, one per person,
 * course only, out of stock). A read, for the answer's sake: the order's transaction enforces stock and
 * one per person again (holdOrderProducts, decision 040).
 */
async function shopCart(deps: Deps, userId: number, cart: readonly CartProduct[]) {
  const { lines, messages, codes, rows } = await shopLines(deps.db, cart);
  const eligibility = await productEligibility(deps.db, userId, rows);
  for (const product of rows) {
    const wanted = cart.filter((item) => item.id === product.id).reduce((n, item) => n + item.quantity, 0);
    const rules = eligibility.get(product.id);
    if (product.buyOncePerUser && (!rules?.oncePerUserOk || wanted > 1)) {
      messages.push(paymentMessage(PAYMENT_MESSAGES.productOncePerUser, product.name));
      codes.push('PRODUCT_ONCE_PER_USER');
    }
    if (product.allowBuyWithCourse && !rules?.withCourseOk) {
      messages.push(paymentMessage(PAYMENT_MESSAGES.productCourseOnly, product.name));
      codes.push('PRODUCT_COURSE_ONLY');
    }
    if (product.stock !== null && wanted > product.stock) {
      messages.push(paymentMessage(PAYMENT_MESSAGES.productOutOfStock, product.name));
      codes.push('PRODUCT_OUT_OF_STOCK');
    }
  }
  return { lines, messages, codes };
}

/**
 * The cart's lines, or its first problem with its code, as check-product-order lists them: a bad cart
 * (CART_EMPTY, PRODUCT_MISSING, PRODUCT_INACTIVE) is a 400; a cart the user may not buy now (one per
 * person, course only, out of stock) a 409.
 */
async function buyableCart(deps: Deps, userId: number, cart: readonly CartProduct[]) {
  const computed = await shopCart(deps, userId, cart);
  const code = computed.codes[0];
  const text = computed.messages[0] ?? PAYMENT_MESSAGES.notPayable;
  if (code === 'PRODUCT_ONCE_PER_USER' || code === 'PRODUCT_COURSE_ONLY' || code === 'PRODUCT_OUT_OF_STOCK')
    throw conflict(text, code);
  if (code) throw badRequest(text, {}, code);
  return computed;
}

export async function checkProductOrder(deps: Deps, userId: number, input: CheckProductOrderInput) {
  const messages: string[] = [];
  const codes: ErrorCode[] = [];
  if (input.object_type === OBJECT_TYPE.shopOrder) {
    const cart = input.products ?? input.meta?.products ?? [];
    const found = await shopCart(deps, userId, cart);
    const amount = linesTotal(found.lines);
    return { canBuy: found.messages.length === 0, messages: found.messages, codes: found.codes, amount };
  }
  try {
    const payable = await payableAmount(
      deps.db,
      input.object_type,
      input.object_id,
      { id: userId },
      {
        trainingId: input.training_id,
        attendanceCode: input.attendance_code,
        certificateCode: input.certificate_code,
        requestId: input.request_id,
      },
    );
    const order = payable.objectId
      ? await activeOrder(deps.db, userId, payable.objectType, payable.objectId, payable)
      : null;
    // The same codes as the payment calls answer for these orders (assertNotPaid).
    if (order?.status === ORDER_STATUS.complete) {
      messages.push(PAYMENT_MESSAGES.alreadyPaid);
      codes.push('ALREADY_PAID');
    } else if (order) {
      messages.push(PAYMENT_MESSAGES.processing);
      codes.push('NG_PENDING_PAYMENT');
    }
    return { canBuy: messages.length === 0, messages, codes, amount: payable.amount };
  } catch (error) {
    if (error instanceof ApiError)
      return { canBuy: false, messages: [error.message], codes: [error.code], amount: 0 };
    throw error;
  }
}

// ───────────────────────────── create-order-transaction ─────────────────────────────

export async function createOrderTransaction(
  deps: Deps,
  userId: number,
  input: CreateOrderTransactionInput,
): Promise<string> {
  const cart = input.meta.products;
  const isShop = input.object_type === OBJECT_TYPE.shopOrder;
  let amount = 0;
  let lines: PayableLine[] = [];
  let trainingId: number | null = null;
  let keys: Partial<TxMeta> = {};
  if (isShop) {
    const computed = await buyableCart(deps, userId, cart);
    lines = computed.lines;
    amount = linesTotal(lines);
  } else {
    const payable = await payableAmount(
      deps.db,
      input.object_type,
      input.object_id,
      { id: userId },
      {
        trainingId: input.training_id,
        attendanceCode: input.attendance_code,
        certificateCode: input.certificate_code,
        requestId: input.request_id,
      },
    );
    amount = payable.amount;
    lines = payable.lines;
    trainingId = payable.trainingId;
    keys = metaKeys(payable);
  }
  const tKey = input.t_key ?? newTKey();
  const meta: TxMeta = { products: cart, lines, trainingId, ...keys };
  await deps.db
    .insert(transactions)
    .values({
      tKey,
      userId,
      objectType: input.object_type,
      objectId: input.object_id ?? null,
      amount,
      meta,
      postalCode: input.postal_code ?? null,
      address: input.address ?? null,
      customerName: input.customer_name ?? null,
      phone: input.phone ?? null,
      createdAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
    })
    .onConflictDoNothing({ target: transactions.tKey });
  // Same key twice: the first one stands; a key of another user is not found.
  const row = await ownTransaction(deps.db, userId, tKey);
  return row.tKey;
}

export async function getTransaction(deps: Deps, userId: number, tKey: string) {
  const row = await ownTransaction(deps.db, userId, tKey);
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.transactionId, row.id))
    .orderBy(desc(orders.id))
    .limit(1);
  return {
    t_key: row.tKey,
    status: row.status,
    amount: row.amount,
    object_type: row.objectType,
    object_id: row.objectId,
    order_id: order?.id ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

// ───────────────────────────── create-payment-intent ─────────────────────────────

const WAITING_FOR_CARD = ['requires_payment_method', 'requires_action', 'requires_confirmation'];

/**
 * The open intent of a purchase, when it can still be paid with the server's amount; otherwise it
 * is closed (cancelled at the gateway) and null is answered. One the gateway reports paid is
 * recorded and answered 409 ALREADY_PAID (NG_PENDING_PAYMENT while it processes).
 */
async function reuseOpenIntent(
  deps: Deps,
  /** amount: the server's amount now; null closes the intent whatever it is (another way of paying). */
  input: { open: Payment; amount: number | null; userId: number },
): Promise<PaymentIntent | null> {
  const { open } = input;
  const now = deps.clock.now();
  if (open.gateway !== deps.payments.name) {
    await closePayment(deps.db, open.intentId, open.status, now);
    return null;
  }
  let intent = await deps.payments.retrieveIntent(open.intentId);
  if (intent && WAITING_FOR_CARD.includes(intent.status)) {
    if (intent.amount === input.amount) return intent;
    // The price changed since (or another way of paying was chosen): it must not be paid any more.
    try {
      intent = await deps.payments.cancelIntent(intent.id);
    } catch {
      intent = await deps.payments.retrieveIntent(open.intentId);
    }
  }
  if (intent && (intent.status === 'succeeded' || intent.status === 'processing')) {
    const order = await recordIntent(deps, intent, input.userId);
    assertNotPaid(order);
  }
  await closePayment(deps.db, open.intentId, intent?.status ?? 'canceled', now);
  return null;
}

export async function createPaymentIntent(deps: Deps, userId: number, input: CreatePaymentIntentInput) {
  const isShop = input.object_type === OBJECT_TYPE.shopOrder;
  let transaction: Transaction | null = input.t_key
    ? await ownTransaction(deps.db, userId, input.t_key)
    : null;
  if (transaction && transaction.objectType !== input.object_type)
    throw badRequest(PAYMENT_MESSAGES.transactionMismatch);
  if (transaction && transaction.status === TRANSACTION_STATUS.completed)
    throw conflict(PAYMENT_MESSAGES.alreadyPaid, 'ALREADY_PAID');
  const cart = isShop ? ((transaction?.meta as TxMeta | undefined)?.products ?? []) : [];
  if (isShop && !transaction)
    throw badRequest(PAYMENT_MESSAGES.transactionMismatch, { t_key: ['t_keyを指定してください'] });
  // Sold out, withdrawn or bought meanwhile: refused before the card is charged (the order's
  // transaction enforces it again, decision 040).
  if (isShop) await buyableCart(deps, userId, cart);
  const payable = await payableAmount(
    deps.db,
    input.object_type,
    isShop ? transaction?.objectId : input.object_id,
    { id: userId },
    {
      cart,
      trainingId: input.training_id,
      attendanceCode: input.attendance_code,
      certificateCode: input.certificate_code,
      requestId: input.request_id,
    },
  );
  if (payable.amount < FREE_THRESHOLD_YEN) throw badRequest(PAYMENT_MESSAGES.freeOrder, {}, 'FREE_ORDER');
  if (!isShop && payable.objectId)
    assertNotPaid(await activeOrder(deps.db, userId, payable.objectType, payable.objectId, payable));

  const meta: TxMeta = {
    products: cart,
    lines: payable.lines,
    trainingId: payable.trainingId,
    ...metaKeys(payable),
  };
  if (!transaction) {
    const [created] = await deps.db
      .insert(transactions)
      .values({
        tKey: newTKey(),
        userId,
        objectType: input.object_type,
        objectId: payable.objectId,
        amount: payable.amount,
        meta,
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })
      .returning();
    if (!created) throw new Error('transaction not created');
    transaction = created;
  } else if (
    transaction.amount !== payable.amount ||
    transaction.objectId !== payable.objectId ||
    ((transaction.meta as TxMeta).trainingId ?? null) !== (meta.trainingId ?? null) ||
    ((transaction.meta as TxMeta).requestId ?? null) !== meta.requestId ||
    ((transaction.meta as TxMeta).legacyCertificateId ?? null) !== meta.legacyCertificateId
  ) {
    const [updated] = await deps.db
      .update(transactions)
      .set({
        amount: payable.amount,
        objectId: payable.objectId,
        meta: { ...(transaction.meta as TxMeta), ...meta },
        updatedAt: deps.clock.now(),
      })
      .where(eq(transactions.id, transaction.id))
      .returning();
    if (updated) transaction = updated;
  }

  // One open intent per purchase (decision 017): a double click, a retry or a second tab gets the
  // open one back; the database's partial unique index decides between requests arriving together.
  const slot: PurchaseSlot = {
    userId,
    objectType: input.object_type,
    objectId: isShop ? null : payable.objectId,
    objectKey: objectKeyOf(input.object_type, payable),
    transactionId: transaction.id,
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const open = await findOpenPayment(deps.db, slot);
    if (open) {
      const reused = await reuseOpenIntent(deps, { open, amount: payable.amount, userId });
      if (reused) return present(reused, open.tKey ?? transaction.tKey);
      continue;
    }
    const intent = await deps.payments.createIntent({
      amount: payable.amount,
      currency: 'jpy',
      metadata: {
        t_key: transaction.tKey,
        user_id: String(userId),
        object_type: String(input.object_type),
        object_id: String(payable.objectId ?? ''),
      },
      // A key per call: the gateway's retry of this call is one intent; two calls race for the slot below.
      idempotencyKey: `mels-${transaction.tKey}-${payable.amount}-${randomBytes(6).toString('hex')}`,
    });
    const now = deps.clock.now();
    const row = { slot, gateway: deps.payments.name, intentId: intent.id, amount: intent.amount, now };
    if (await insertOpenPayment(deps.db, { ...row, status: intent.status }))
      return present(intent, transaction.tKey);
    // Another request took the slot first: this intent was never handed out; cancel it and use theirs.
    const cancelled = await deps.payments.cancelIntent(intent.id);
    await insertClosedPayment(deps.db, { ...row, status: cancelled.status });
  }
  throw conflict(PAYMENT_MESSAGES.processing, 'NG_PENDING_PAYMENT');

  function present(found: PaymentIntent, tKey: string) {
    return {
      clientSecret: found.clientSecret,
      publicKey: deps.payments.publishableKey,
      paymentIntentId: found.id,
      amount: found.amount,
      t_key: tKey,
      gateway: deps.payments.name,
    };
  }
}

// ───────────────────────────── recording orders ─────────────────────────────

type NewOrder = {
  userId: number;
  objectType: ObjectType;
  objectId: number | null;
  trainingId: number | null;
  enrollmentId: number | null;
  transactionId: number | null;
  requestId?: number | null;
  legacyCertificateId?: number | null;
  amount: number;
  status: OrderStatus;
  paymentMethodId: number;
  paymentIntentId: string | null;
  postalCode?: string | null;
  address?: string | null;
  customerName?: string | null;
  phone?: string | null;
  dueAt?: Date | null;
  lines: PayableLine[];
};

async function insertOrder(deps: Deps, tx: Tx, input: NewOrder): Promise<Order | null> {
  const now = deps.clock.now();
  const complete = input.status === ORDER_STATUS.complete;
  const [order] = await tx
    .insert(orders)
    .values({
      userId: input.userId,
      type: ORDER_TYPE.purchase,
      objectType: input.objectType,
      objectId: input.objectId,
      trainingId: input.trainingId,
      enrollmentId: input.enrollmentId,
      transactionId: input.transactionId,
      requestId: input.requestId ?? null,
      legacyCertificateId: input.legacyCertificateId ?? null,
      amount: input.amount,
      status: input.status,
      paymentMethodId: input.paymentMethodId,
      paymentIntentId: input.paymentIntentId,
      postalCode: input.postalCode ?? null,
      address: input.address ?? null,
      customerName: input.customerName ?? null,
      phone: input.phone ?? null,
      dueAt: input.dueAt ?? null,
      paidAt: complete ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    // Any unique index: the intent's own order (payment_intent_id), or the purchase already live
    // (orders_live_purchase_uq, orders_transaction_purchase_uq: decision 017).
    .onConflictDoNothing()
    .returning();
  if (!order) return null;
  const lines = input.lines.filter((line) => line.quantity > 0);
  // A shop order takes its products' stock and one-per-person slots in the same transaction (decision 040).
  if (input.objectType === OBJECT_TYPE.shopOrder)
    await holdOrderProducts(tx, { orderId: order.id, userId: input.userId, lines });
  if (lines.length > 0) {
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        name: line.name,
        description: line.description,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        attributes: line.attributes,
      })),
    );
  }
  if (complete) await emitOrderCompleted(deps, tx, order);
  return order;
}

export class AmountMismatchError extends ApiError {
  constructor() {
    super(409, 'AMOUNT_MISMATCH', PAYMENT_MESSAGES.amountMismatch);
  }
}

/**
 * Records what a gateway intent paid: the order (complete when succeeded, in payment while the
 * gateway processes), its items and the payment row, in one database transaction. The unique
 * payment_intent_id makes a second call (double click, retry, webhook and check-payment at once)
 * return the first order. Only an intent made for the user's transaction with the server's amount counts.
 */
export async function recordIntent(
  deps: Deps,
  intent: PaymentIntent,
  expectedUserId: number | null,
  log?: { warn: (details: object, message: string) => void },
): Promise<Order | null> {
  const tKey = intent.metadata.t_key;
  const [transaction] = tKey
    ? await deps.db.select().from(transactions).where(eq(transactions.tKey, tKey))
    : [];
  if (!transaction || String(transaction.userId) !== intent.metadata.user_id) throw notFound();
  if (expectedUserId !== null && transaction.userId !== expectedUserId) throw notFound();
  if (intent.amount !== transaction.amount || intent.currency.toLowerCase() !== 'jpy')
    throw new AmountMismatchError();
  if (intent.status !== 'succeeded' && intent.status !== 'processing') return null;
  const status = intent.status === 'succeeded' ? ORDER_STATUS.complete : ORDER_STATUS.inPayment;
  const meta = transaction.meta as TxMeta;
  const keys = orderKeysOf(transaction.objectType, meta);
  const slot: PurchaseSlot = {
    userId: transaction.userId,
    objectType: transaction.objectType,
    objectId: transaction.objectId,
    objectKey: objectKeyOf(transaction.objectType, keys),
    transactionId: transaction.id,
  };
  const recorded = await deps.db.transaction(async (tx): Promise<Order | 'duplicate' | ProductHoldError> => {
    const now = deps.clock.now();
    const [existing] = await tx
      .select()
      .from(orders)
      .where(eq(orders.paymentIntentId, intent.id))
      .for('update');
    let order: Order | null = existing ?? null;
    if (order && order.status === ORDER_STATUS.inPayment && status === ORDER_STATUS.complete) {
      const [updated] = await tx
        .update(orders)
        .set({ status, paidAt: now, updatedAt: now })
        .where(eq(orders.id, order.id))
        .returning();
      order = updated ?? order;
      await emitOrderCompleted(deps, tx, order);
    }
    if (!order) {
      let enrollmentId: number | null = null;
      if (transaction.objectType === OBJECT_TYPE.sessionFee && transaction.objectId) {
        const [enrollment] = await tx
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(
            and(eq(enrollments.trainingId, transaction.objectId), eq(enrollments.userId, transaction.userId)),
          )
          .orderBy(desc(enrollments.id))
          .limit(1);
        enrollmentId = enrollment?.id ?? null;
      }
      let inserted: Order | null;
      try {
        // A savepoint: a product refused (sold out, hidden, one per person) undoes the order alone.
        inserted = await tx.transaction((sp) =>
          insertOrder(deps, sp, {
            userId: transaction.userId,
            objectType: transaction.objectType,
            objectId: transaction.objectId,
            trainingId:
              transaction.objectType === OBJECT_TYPE.sessionFee
                ? transaction.objectId
                : (meta.trainingId ?? null),
            enrollmentId,
            transactionId: transaction.id,
            ...keys,
            amount: intent.amount,
            status,
            paymentMethodId: PAYMENT_METHOD.card,
            paymentIntentId: intent.id,
            postalCode: transaction.postalCode,
            address: transaction.address,
            customerName: transaction.customerName,
            phone: transaction.phone,
            lines: meta.lines ?? [],
          }),
        );
      } catch (error) {
        if (!(error instanceof ProductHoldError)) throw error;
        // Charged, but the order cannot stand: the charge is refunded like a duplicate (decision 040).
        const once = error.code === 'PRODUCT_ONCE_PER_USER';
        await recordDuplicate(deps, tx, {
          intent,
          slot,
          requestId: null,
          legacyCertificateId: null,
          reason: once ? 'duplicate' : 'unavailable',
          ...(once && {
            keptOrderId: await heldOrderOf(tx, { userId: slot.userId, productId: error.productId }),
          }),
        });
        return error;
      }
      order =
        inserted ??
        // Another request recorded it a moment ago.
        (await tx.select().from(orders).where(eq(orders.paymentIntentId, intent.id)))[0] ??
        null;
    }
    if (!order) {
      // The purchase is already paid (or being paid) by another intent: this charge is a duplicate.
      await recordDuplicate(deps, tx, {
        intent,
        slot,
        requestId: keys.requestId ?? null,
        legacyCertificateId: keys.legacyCertificateId ?? null,
      });
      return 'duplicate';
    }
    await tx
      .insert(payments)
      .values({
        transactionId: transaction.id,
        orderId: order.id,
        gateway: deps.payments.name,
        intentId: intent.id,
        amount: intent.amount,
        status: intent.status,
        userId: slot.userId,
        objectType: slot.objectType,
        objectId: slot.objectId,
        objectKey: slot.objectKey,
        open: false,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: payments.intentId,
        set: { orderId: order.id, status: intent.status, open: false, updatedAt: now },
      });
    if (order.status === ORDER_STATUS.complete) {
      await tx
        .update(transactions)
        .set({ status: TRANSACTION_STATUS.completed, updatedAt: now })
        .where(eq(transactions.id, transaction.id));
    }
    return order;
  });
  if (recorded === 'duplicate') {
    await settleDuplicateNow(deps, intent.id, log);
    throw new DuplicateChargeError();
  }
  if (recorded instanceof ProductHoldError) {
    await settleDuplicateNow(deps, intent.id, log);
    throw new ApiError(
      409,
      recorded.code,
      recorded.code === 'PRODUCT_ONCE_PER_USER'
        ? PAYMENT_MESSAGES.duplicateRefunded
        : paymentMessage(PAYMENT_MESSAGES.productUnavailableRefunded, recorded.productName),
    );
  }
  return recorded;
}

/** The request / legacy certificate an intent's order is keyed on (only for the object types that have one). */
function orderKeysOf(objectType: ObjectType, meta: TxMeta): OrderKey {
  if (objectType === OBJECT_TYPE.instructorRequest || objectType === OBJECT_TYPE.renewal)
    return { requestId: meta.requestId ?? null };
  if (objectType === OBJECT_TYPE.certificate)
    return { legacyCertificateId: meta.legacyCertificateId ?? null };
  return {};
}

export async function createPaymentOrder(
  deps: Deps,
  userId: number,
  input: CreatePaymentOrderInput,
): Promise<{ order: Order; pending: boolean }> {
  const intent = await deps.payments.retrieveIntent(input.payment_intent_id);
  if (!intent || intent.metadata.user_id !== String(userId)) throw notFound();
  if (String(input.object_type) !== intent.metadata.object_type)
    throw badRequest(PAYMENT_MESSAGES.transactionMismatch);
  if (
    input.object_type !== OBJECT_TYPE.shopOrder &&
    String(input.object_id ?? '') !== intent.metadata.object_id
  )
    throw badRequest(PAYMENT_MESSAGES.transactionMismatch);
  if (input.t_key && input.t_key !== intent.metadata.t_key)
    throw badRequest(PAYMENT_MESSAGES.transactionMismatch, {}, 'TRANSACTION_MISMATCH');
  if (intent.status === 'requires_action')
    throw new ApiError(402, 'REQUIRES_ACTION', PAYMENT_MESSAGES.authenticationRequired);
  if (intent.status !== 'succeeded' && intent.status !== 'processing') {
    await markTransactionFailed(deps, intent);
    throw new ApiError(402, 'PAYMENT_NOT_COMPLETED', intent.lastError ?? PAYMENT_MESSAGES.notCompleted);
  }
  const order = await recordIntent(deps, intent, userId);
  if (!order) throw new ApiError(402, 'PAYMENT_NOT_COMPLETED', PAYMENT_MESSAGES.notCompleted);
  return { order, pending: order.status === ORDER_STATUS.inPayment };
}

async function markTransactionFailed(deps: Deps, intent: PaymentIntent) {
  const now = deps.clock.now();
  await deps.db
    .update(payments)
    // A cancelled intent is no longer the purchase's open one; a declined card may be tried again.
    .set({ status: intent.status, updatedAt: now, ...(intent.status === 'canceled' ? { open: false } : {}) })
    .where(eq(payments.intentId, intent.id));
  if (intent.metadata.t_key && intent.lastError)
    await deps.db
      .update(transactions)
      .set({ status: TRANSACTION_STATUS.failed, updatedAt: now })
      .where(
        and(eq(transactions.tKey, intent.metadata.t_key), eq(transactions.status, TRANSACTION_STATUS.open)),
      );
}

/** Stripe webhook: payment_intent.succeeded completes the order (if the browser never came back). */
export async function handleWebhookIntent(
  deps: Deps,
  type: string,
  intent: PaymentIntent | null,
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  if (!intent) return;
  if (type === 'payment_intent.succeeded' || type === 'payment_intent.processing') {
    try {
      await recordIntent(deps, intent, null, log);
    } catch (error) {
      // Not ours (another system on the same account) or not the server's amount: acknowledged, logged,
      // never recorded; answering an error would only make Stripe send it again for days.
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      log.warn({ intentId: intent.id, code: error.code }, 'stripe webhook intent not recorded');
    }
  } else if (type === 'payment_intent.payment_failed' || type === 'payment_intent.canceled') {
    await markTransactionFailed(deps, intent);
  }
}

// ───────────────────────────── check-payment ─────────────────────────────

/**
 * Asks the gateway about the user's intents for an object that have no complete order yet and
 * records what was paid (the browser or the process died between the charge and create-payment-order).
 */
export async function checkPayment(
  deps: Deps,
  userId: number,
  input: CheckPaymentInput,
  requestId: number | null = null,
): Promise<Order | null> {
  // A request (5, 7) is one of possibly several of the same course: only its own payments count.
  const ofRequest =
    requestId === null ? undefined : sql`(${transactions.meta}->>'requestId')::int = ${requestId}`;
  const rows = await deps.db
    .select({ intentId: payments.intentId, orderStatus: orders.status })
    .from(payments)
    .innerJoin(transactions, eq(transactions.id, payments.transactionId))
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.objectType, input.object_type),
        eq(transactions.objectId, input.object_id),
        ofRequest,
        eq(payments.gateway, deps.payments.name),
        // A duplicate charge is settled by its own job, not recorded again.
        ne(payments.status, 'duplicate'),
        or(isNull(payments.orderId), eq(orders.status, ORDER_STATUS.inPayment)),
      ),
    );
  for (const row of rows) {
    const intent = await deps.payments.retrieveIntent(row.intentId);
    if (!intent) continue;
    if (intent.status === 'succeeded' || intent.status === 'processing') {
      try {
        await recordIntent(deps, intent, userId);
      } catch (error) {
        if (!(error instanceof AmountMismatchError) && !(error instanceof DuplicateChargeError)) throw error;
      }
    }
  }
  const [latest] = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.type, ORDER_TYPE.purchase),
        eq(orders.objectType, input.object_type),
        eq(orders.objectId, input.object_id),
        requestId === null ? undefined : eq(orders.requestId, requestId),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return latest ?? null;
}

/**
 * POST /certificates/basic_instructor_course/request/{id}/check-payment: check-payment for the user's
 * instructor certification request (5) or renewal (7); another user's request is not found.
 */
export async function checkRequestPayment(
  deps: Deps,
  userId: number,
  requestId: number,
  input: CheckPaymentInput,
): Promise<Order | null> {
  if (input.object_type !== OBJECT_TYPE.instructorRequest && input.object_type !== OBJECT_TYPE.renewal)
    throw badRequest(PAYMENT_MESSAGES.notPayable, {
      object_type: ['object_typeは5（認定申請）または7（更新）を指定してください'],
    });
  const [request] = await deps.db
    .select({ userId: certificateRequests.userId, courseId: certificateRequests.courseId })
    .from(certificateRequests)
    .where(eq(certificateRequests.id, requestId));
  if (!request || request.userId !== userId) throw notFound();
  if (request.courseId !== input.object_id)
    throw badRequest(PAYMENT_MESSAGES.transactionMismatch, {
      object_id: ['申請のコースと一致しません'],
    });
  return checkPayment(deps, userId, input, requestId);
}

// ───────────────────────────── free, bank transfer, on site ─────────────────────────────

export async function createFreeOrder(deps: Deps, userId: number, input: FreeOrderInput): Promise<Order> {
  const payable = await payableAmount(
    deps.db,
    input.object_type,
    input.object_id,
    { id: userId },
    {
      trainingId: input.training_id,
      attendanceCode: input.attendance_code,
      certificateCode: input.certificate_code,
      requestId: input.request_id,
    },
  );
  if (payable.amount >= FREE_THRESHOLD_YEN) throw badRequest(PAYMENT_MESSAGES.notFree, {}, 'NOT_FREE');
  if (!payable.objectId) throw badRequest(PAYMENT_MESSAGES.notPayable);
  const objectId = payable.objectId;
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await activeOrder(tx, userId, payable.objectType, objectId, payable);
    if (existing?.status === ORDER_STATUS.complete) return existing;
    const order = await insertOrder(deps, tx, {
      userId,
      objectType: payable.objectType,
      objectId,
      trainingId: payable.trainingId,
      enrollmentId: payable.enrollmentId,
      transactionId: null,
      requestId: payable.requestId ?? null,
      legacyCertificateId: payable.legacyCertificateId ?? null,
      amount: 0,
      status: ORDER_STATUS.complete,
      paymentMethodId: PAYMENT_METHOD.card,
      paymentIntentId: null,
      lines: payable.lines.map((line) => ({ ...line, unitPrice: 0 })),
    });
    if (!order) throw new Error('free order not recorded');
    return order;
  });
}

/** Bank transfer (2, due in 7 days, cancelled by a job when unpaid) or pay on site (3). */
export async function createOfflineOrder(
  deps: Deps,
  userId: number,
  input: OfflineOrderInput,
): Promise<Order> {
  if (input.object_type !== OBJECT_TYPE.courseRegistration && input.object_type !== OBJECT_TYPE.sessionFee)
    throw badRequest(PAYMENT_MESSAGES.methodNotAccepted);
  const payable = await payableAmount(
    deps.db,
    input.object_type,
    input.object_id,
    { id: userId },
    {
      trainingId: input.training_id,
      attendanceCode: input.attendance_code,
      certificateCode: input.certificate_code,
      requestId: input.request_id,
    },
  );
  if (payable.amount < FREE_THRESHOLD_YEN) throw badRequest(PAYMENT_MESSAGES.freeOrder, {}, 'FREE_ORDER');
  if (!payable.objectId) throw badRequest(PAYMENT_MESSAGES.notPayable);
  if (payable.trainingId) {
    const methods = await deps.db
      .select({ id: trainingPaymentMethods.paymentMethodId })
      .from(trainingPaymentMethods)
      .where(eq(trainingPaymentMethods.trainingId, payable.trainingId));
    if (methods.length > 0 && !methods.some((m) => m.id === input.payment_method_id))
      throw badRequest(PAYMENT_MESSAGES.methodNotAccepted);
  }
  const objectId = payable.objectId;
  // A card intent of the purchase still open is cancelled first, so it cannot be paid besides (decision 017).
  const openCard = await findOpenPayment(deps.db, {
    userId,
    objectType: payable.objectType,
    objectId,
    objectKey: objectKeyOf(payable.objectType, payable),
    transactionId: 0,
  });
  if (openCard) await reuseOpenIntent(deps, { open: openCard, amount: null, userId });
  const now = deps.clock.now();
  const transfer = input.payment_method_id === PAYMENT_METHOD.bankTransfer;
  const dueAt = transfer ? new Date(now.getTime() + TRANSFER_DAYS * 24 * 3600 * 1000) : null;
  const [user] = await deps.db
    .select({ postalCode: users.postalCode, address: users.address })
    .from(users)
    .where(eq(users.id, userId));
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await activeOrder(tx, userId, payable.objectType, objectId, payable);
    if (existing) {
      if (existing.status === ORDER_STATUS.inPayment && existing.paymentMethodId === input.payment_method_id)
        return existing;
      assertNotPaid(existing);
    }
    const order = await insertOrder(deps, tx, {
      userId,
      objectType: payable.objectType,
      objectId,
      trainingId: payable.trainingId,
      enrollmentId: payable.enrollmentId,
      transactionId: null,
      amount: payable.amount,
      status: ORDER_STATUS.inPayment,
      paymentMethodId: input.payment_method_id,
      paymentIntentId: null,
      postalCode: user?.postalCode ?? null,
      address: user?.address ?? null,
      dueAt,
      lines: payable.lines,
    });
    // A card payment of the purchase was recorded a moment ago (orders_live_purchase_uq).
    if (!order) throw conflict(PAYMENT_MESSAGES.alreadyPaid, 'ALREADY_PAID');
    if (transfer && dueAt) {
      await scheduleJob(tx, {
        kind: CANCEL_TRANSFER_JOB,
        payload: { orderId: order.id },
        runAt: dueAt,
        dedupeKey: `${CANCEL_TRANSFER_JOB}:${order.id}`,
      });
      await queueTransferMails(tx, { orderId: order.id, dueAt, now });
    }
    return order;
  });
}

/**
 * A member changes the payment method of a session fee before paying (decision 021): their pending
 * bank-transfer or on-site order of the object (not of `keepMethod`) is cancelled in one conditional
 * UPDATE, and a transfer's deadline job is marked done. Returns the withdrawn orders (none is no error).
 */
export async function withdrawOfflineOrder(
  deps: Deps,
  input: { userId: number; objectType: ObjectType; objectId: number; keepMethod: number },
): Promise<Order[]> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const withdrawn = await tx
      .update(orders)
      .set({ status: ORDER_STATUS.cancelled, updatedAt: now })
      .where(
        and(
          eq(orders.userId, input.userId),
          eq(orders.type, ORDER_TYPE.purchase),
          eq(orders.objectType, input.objectType),
          eq(orders.objectId, input.objectId),
          eq(orders.status, ORDER_STATUS.inPayment),
          inArray(orders.paymentMethodId, [PAYMENT_METHOD.bankTransfer, PAYMENT_METHOD.onSite]),
          sql`${orders.paymentMethodId} <> ${input.keepMethod}`,
        ),
      )
      .returning();
    for (const order of withdrawn)
      await tx
        .update(jobs)
        .set({ status: 'done' })
        .where(and(eq(jobs.dedupeKey, `${CANCEL_TRANSFER_JOB}:${order.id}`), eq(jobs.status, 'pending')));
    return withdrawn;
  });
}

/**
 * A second successful charge for a purchase already paid (decision 017): recorded once per intent
 * in the transaction that tried to record it, refunded through the gateway (idempotency key per
 * intent), mailed to the member once, and listed for the office. A job retries what a crash or a
 * gateway outage left undone.
 */
import { PAYMENT_MESSAGES, type DuplicateChargeView, type Language } from '@mels/domain';
import type { Executor, Tx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { backoffMs, MAX_JOB_ATTEMPTS, scheduleJob, type JobHandler } from '../../lib/jobs.ts';
import { mailSite } from '../../lib/mail-templates/layout.ts';
import type { PaymentIntent } from '../../lib/payment-gateway/types.ts';
import type { Deps } from '../../plugins/deps.ts';
import { duplicateRefundedMail } from './payments.mails.ts';
import {
  claimDuplicateMail,
  findDuplicateCharge,
  findLiveOrder,
  insertClosedPayment,
  insertDuplicateCharge,
  listDuplicateCharges,
  storeRefund,
  type DuplicateCharge,
  type PurchaseSlot,
} from './payments.repository.ts';

export const REFUND_DUPLICATE_JOB = 'refund-duplicate-charge';
/** The job is a fallback: the request that found the duplicate settles it at once. */
const JOB_DELAY_MS = 5 * 60_000;
/** Refund states after which the gateway holds the money back to the member (or never took it). */
const SETTLED_REFUND = ['pending', 'succeeded', 'canceled'];

/** 409: the member's charge was a second one for a purchase already paid, and is refunded. */
export class DuplicateChargeError extends ApiError {
  constructor() {
    super(409, 'DUPLICATE_CHARGE_REFUNDED', PAYMENT_MESSAGES.duplicateRefunded);
  }
}

/**
 * Inside the transaction that could not record the intent's order because the purchase is already
 * paid (or being paid): the duplicate, the intent's payment row closed as 'duplicate', and the
 * fallback job. A second call for the same intent adds nothing.
 */
export async function recordDuplicate(
  deps: Deps,
  tx: Tx,
  input: {
    intent: PaymentIntent;
    slot: PurchaseSlot;
    requestId: number | null;
    legacyCertificateId: number | null;
    /** 'unavailable': a shop order's product sold out or was withdrawn before the order was recorded. */
    reason?: 'duplicate' | 'unavailable';
    /** The order that stands, when the caller knows it (a one-per-person product's first order). */
    keptOrderId?: number | null;
  },
): Promise<void> {
  const now = deps.clock.now();
  const kept =
    input.keptOrderId !== undefined
      ? { id: input.keptOrderId }
      : await findLiveOrder(tx, {
          ...input.slot,
          requestId: input.requestId,
          legacyCertificateId: input.legacyCertificateId,
        });
  await insertDuplicateCharge(tx, {
    userId: input.slot.userId,
    transactionId: input.slot.transactionId,
    keptOrderId: kept?.id ?? null,
    gateway: deps.payments.name,
    intentId: input.intent.id,
    objectType: input.slot.objectType,
    objectId: input.slot.objectId,
    amount: input.intent.amount,
    reason: input.reason ?? 'duplicate',
    createdAt: now,
    updatedAt: now,
  });
  await insertClosedPayment(tx, {
    slot: input.slot,
    gateway: deps.payments.name,
    intentId: input.intent.id,
    amount: input.intent.amount,
    status: 'duplicate',
    now,
  });
  await scheduleJob(tx, {
    kind: REFUND_DUPLICATE_JOB,
    payload: { intentId: input.intent.id, attempt: 0 },
    runAt: new Date(now.getTime() + JOB_DELAY_MS),
    dedupeKey: `${REFUND_DUPLICATE_JOB}:${input.intent.id}:0`,
  });
}

const settled = (charge: DuplicateCharge) =>
  SETTLED_REFUND.includes(charge.refundStatus) &&
  (charge.mailedAt !== null || charge.refundStatus === 'canceled');

/**
 * Refunds a recorded duplicate at the gateway (the key `mels-duplicate-<intent>` makes five webhooks
 * one refund) and mails the member once (a conditional UPDATE claims the mail). Throws while the
 * gateway cannot refund yet (still processing, unreachable): the job tries again.
 */
export async function settleDuplicate(deps: Deps, intentId: string): Promise<void> {
  const db = deps.db;
  const charge = await findDuplicateCharge(db, intentId);
  if (!charge || settled(charge)) return;
  const now = deps.clock.now();
  if (!SETTLED_REFUND.includes(charge.refundStatus)) {
    const intent = await deps.payments.retrieveIntent(intentId);
    if (intent?.status === 'processing') throw new Error(`duplicate ${intentId} still processing`);
    if (!intent || intent.status !== 'succeeded') {
      // Never charged after all (cancelled, failed): nothing to return, nothing to tell.
      await storeRefund(db, { intentId, refundId: '', status: 'canceled', now });
      return;
    }
    const refund = await deps.payments.refund({
      intentId,
      amount: charge.amount,
      idempotencyKey: `mels-duplicate-${intentId}`,
    });
    await storeRefund(db, { intentId, refundId: refund.id, status: refund.status, now });
    if (!SETTLED_REFUND.includes(refund.status)) throw new Error(`refund of ${intentId}: ${refund.status}`);
  }
  await mailMember(deps, db, intentId);
}

async function mailMember(deps: Deps, db: Executor, intentId: string) {
  const claim = await claimDuplicateMail(db, intentId, deps.clock.now());
  if (!claim) return;
  const language = (claim.user.language === 'en' ? 'en' : 'ja') satisfies Language;
  await deps.mailer.send(
    duplicateRefundedMail({
      to: claim.user.email,
      name:
        language === 'en'
          ? `${claim.user.firstName} ${claim.user.lastName}`
          : `${claim.user.lastName} ${claim.user.firstName}`,
      keptOrderId: claim.charge.keptOrderId,
      amount: claim.charge.amount,
      refundId: claim.charge.refundId ?? '',
      site: mailSite(deps.config, language),
      reason: claim.charge.reason,
    }),
  );
}

/** The request path: settles at once; a failure is left to the job (the member is still answered). */
export async function settleDuplicateNow(
  deps: Deps,
  intentId: string,
  log?: { warn: (details: object, message: string) => void },
): Promise<void> {
  try {
    await settleDuplicate(deps, intentId);
  } catch (error) {
    log?.warn(
      { intentId, reason: error instanceof Error ? error.message : String(error) },
      'duplicate charge not refunded yet',
    );
  }
}

/**
 * The job: checks in its transaction whether the duplicate is still unsettled and settles it after
 * the commit (the gateway and the mailer use their own connections). A failure schedules the next
 * attempt with the job queue's backoff.
 */
export function refundDuplicateJob(deps: Deps): JobHandler {
  return async (tx, payload) => {
    const intentId = String(payload.intentId ?? '');
    const attempt = Number(payload.attempt ?? 0);
    const charge = await findDuplicateCharge(tx, intentId);
    if (!charge || settled(charge)) return;
    return async () => {
      try {
        await settleDuplicate(deps, intentId);
      } catch (error) {
        const next = attempt + 1;
        if (next < MAX_JOB_ATTEMPTS)
          await scheduleJob(deps.db, {
            kind: REFUND_DUPLICATE_JOB,
            payload: { intentId, attempt: next },
            runAt: new Date(deps.clock.now().getTime() + backoffMs(next)),
            dedupeKey: `${REFUND_DUPLICATE_JOB}:${intentId}:${next}`,
          });
        throw error;
      }
    };
  };
}

/** GET /office/payments/duplicate-charges. */
export async function officeDuplicateCharges(
  deps: Deps,
  page: number,
  limit: number,
): Promise<{ data: DuplicateChargeView[]; total: number }> {
  const { rows, total } = await listDuplicateCharges(deps.db, page, limit);
  return {
    total,
    data: rows.map(({ charge, fullname, email }) => ({
      id: charge.id,
      user_id: charge.userId,
      user: { fullname, email },
      object_type: charge.objectType,
      object_id: charge.objectId,
      amount: charge.amount,
      gateway: charge.gateway === 'stripe' ? ('stripe' as const) : ('sandbox' as const),
      payment_intent_id: charge.intentId,
      kept_order_id: charge.keptOrderId,
      refund_status: charge.refundStatus,
      refund_id: charge.refundId || null,
      refunded_at: charge.refundedAt?.toISOString() ?? null,
      mailed_at: charge.mailedAt?.toISOString() ?? null,
      created_at: charge.createdAt.toISOString(),
    })),
  };
}

import { randomBytes } from 'node:crypto';
import {
  cardBrand,
  CARD_BRAND_LABELS,
  PAYMENT_MESSAGES,
  type CardErrorCode,
  type IntentStatus,
} from '@mels/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sandboxPaymentIntents } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { CardInput, ConfirmResult, PaymentGateway, PaymentIntent } from './types.ts';

export const SANDBOX_PUBLISHABLE_KEY = 'pk_sandbox_mels_portal';

/** The sandbox's test cards (the numbers Stripe documents, with the same outcomes). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
  processingError: '4000000000000119',
} as const;

type Row = typeof sandboxPaymentIntents.$inferSelect;

function present(row: Row): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as IntentStatus,
    amount: row.amount,
    currency: row.currency,
    metadata: row.metadata as Record<string, string>,
    lastError: row.lastError,
  };
}

/** Stripe's error code for confirming an intent that is not waiting for a payment method. */
export const UNEXPECTED_STATE: CardErrorCode = 'payment_intent_unexpected_state';

export class SandboxCardError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

const declines: Record<string, { code: CardErrorCode; message: string }> = {
  [SANDBOX_CARDS.declined]: { code: 'card_declined', message: PAYMENT_MESSAGES.cardDeclined },
  [SANDBOX_CARDS.insufficientFunds]: { code: 'card_declined', message: PAYMENT_MESSAGES.insufficientFunds },
  [SANDBOX_CARDS.expired]: { code: 'expired_card', message: PAYMENT_MESSAGES.expiredCard },
  [SANDBOX_CARDS.incorrectCvc]: { code: 'incorrect_cvc', message: PAYMENT_MESSAGES.incorrectCvc },
  [SANDBOX_CARDS.processingError]: { code: 'processing_error', message: PAYMENT_MESSAGES.processingError },
};

/**
 * The built-in gateway: PaymentIntents with Stripe's states kept in sandbox_payment_intents, so it
 * works offline and survives restarts. Any other valid (Luhn) number succeeds, as in Stripe's test mode.
 */
export function createSandboxGateway(options: { db: Executor; clock: Clock }): PaymentGateway {
  const { db, clock } = options;
  const find = async (id: string) => {
    const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
    return row ?? null;
  };
  const update = async (id: string, values: Partial<Row>) => {
    const [row] = await db
      .update(sandboxPaymentIntents)
      .set({ ...values, updatedAt: clock.now() })
      .where(eq(sandboxPaymentIntents.id, id))
      .returning();
    if (!row) throw new Error(`sandbox intent ${id} vanished`);
    return row;
  };

  return {
    name: 'sandbox',
    publishableKey: SANDBOX_PUBLISHABLE_KEY,
    async createIntent(input) {
      // Stripe's idempotency: the same key answers the same intent.
      const [existing] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(sql`${sandboxPaymentIntents.metadata}->>'idempotency_key' = ${input.idempotencyKey}`);
      if (existing) return present(existing);
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      const [row] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          amount: input.amount,
          currency: input.currency,
          metadata: { ...input.metadata, idempotency_key: input.idempotencyKey },
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('sandbox intent not created');
      return present(row);
    },
    async retrieveIntent(id) {
      const row = await find(id);
      return row ? present(row) : null;
    },
    async cancelIntent(id) {
      const row = await find(id);
      if (!row) throw new Error(`no sandbox intent ${id}`);
      if (row.status === 'succeeded' || row.status === 'canceled') return present(row);
      return present(await update(id, { status: 'canceled' }));
    },
    async refund(input) {
      const row = await find(input.intentId);
      if (!row || row.status !== 'succeeded')
        throw new Error(`sandbox intent ${input.intentId} cannot be refunded`);
      const metadata = row.metadata as Record<string, string>;
      const id = metadata.refund_id ?? `re_sandbox_${randomBytes(10).toString('hex')}`;
      if (!metadata.refund_id)
        await update(row.id, {
          metadata: { ...metadata, refund_id: id, refunded_amount: String(input.amount) },
        });
      return { id, status: 'succeeded' };
    },
    async confirmCard(clientSecret: string, card: CardInput): Promise<ConfirmResult> {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
      if (!row) throw new SandboxCardError('resource_missing', PAYMENT_MESSAGES.transactionMismatch);
      const number = card.number.replace(/[\s-]/g, '');
      const brand = CARD_BRAND_LABELS[cardBrand(number)] || 'Unknown';
      const last4 = number.slice(-4);
      if (row.status === 'succeeded' || row.status === 'processing' || row.status === 'canceled') {
        // As Stripe: an intent already paid (another tab, a double click) or cancelled cannot be confirmed.
        return {
          intent: present(row),
          brand,
          last4,
          error: { code: UNEXPECTED_STATE, message: PAYMENT_MESSAGES.unexpectedState },
        };
      }
      const now = clock.now();
      const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
      const expiresAt = Date.UTC(year, card.expMonth, 1); // first instant after the expiry month
      if (expiresAt <= now.getTime()) {
        const message = PAYMENT_MESSAGES.expiredCard;
        const failed = await update(row.id, {
          status: 'requires_payment_method',
          lastError: message,
          cardBrand: brand,
          cardLast4: last4,
        });
        return { intent: present(failed), brand, last4, error: { code: 'expired_card', message } };
      }
      const decline = declines[number];
      if (decline) {
        const failed = await update(row.id, {
          status: 'requires_payment_method',
          lastError: decline.message,
          cardBrand: brand,
          cardLast4: last4,
        });
        return { intent: present(failed), brand, last4, error: decline };
      }
      // Stripe passes through processing on the way to succeeded; the sandbox does both steps here.
      // The step to processing is a conditional UPDATE, so two tabs confirming at once charge once.
      const [claimed] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'processing', lastError: null, cardBrand: brand, cardLast4: last4, updatedAt: now })
        .where(
          and(
            eq(sandboxPaymentIntents.id, row.id),
            inArray(sandboxPaymentIntents.status, [
              'requires_payment_method',
              'requires_confirmation',
              'requires_action',
            ]),
          ),
        )
        .returning();
      if (!claimed) {
        const current = (await find(row.id)) ?? row;
        return {
          intent: present(current),
          brand,
          last4,
          error: { code: UNEXPECTED_STATE, message: PAYMENT_MESSAGES.unexpectedState },
        };
      }
      const status: IntentStatus = number === SANDBOX_CARDS.authentication ? 'requires_action' : 'succeeded';
      const done = await update(row.id, { status });
      return { intent: present(done), brand, last4, error: null };
    },
    async authenticate(id, clientSecret, approve) {
      const row = await find(id);
      if (!row || row.clientSecret !== clientSecret)
        throw new SandboxCardError('resource_missing', PAYMENT_MESSAGES.transactionMismatch);
      if (row.status !== 'requires_action') return present(row);
      if (approve) return present(await update(id, { status: 'succeeded', lastError: null }));
      return present(
        await update(id, {
          status: 'requires_payment_method',
          lastError: PAYMENT_MESSAGES.authenticationFailed,
        }),
      );
    },
  };
}

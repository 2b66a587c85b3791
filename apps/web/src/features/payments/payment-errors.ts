import { LIMITS } from '@mels/domain';
import { ApiRequestError } from '../../lib/api-client.ts';

/** The marker the provider puts in a system-check failure (spec 000 §8). */
export const SYSTEM_CHECK_MARKER = 'CIA_1.1_SYSTEM_CHECK_ERROR';

/** A payment failure as the user sees it: the message, and whether it is a system-check error. */
export type PaymentFailure = { message: string; systemError: boolean };

/** The message of a failed call, with the system-check marker removed (and flagged). */
export function paymentFailure(error: unknown, fallback: string): PaymentFailure {
  const raw = error instanceof ApiRequestError || error instanceof Error ? error.message : '';
  const message = raw || fallback;
  if (!message.includes(SYSTEM_CHECK_MARKER)) return { message, systemError: false };
  const cleaned = message.split(SYSTEM_CHECK_MARKER).join('').replace(/\s+/g, ' ').trim();
  return { message: cleaned || fallback, systemError: true };
}

/** A random wait of 3 to 5 seconds before the order is recorded (spec 000 §9). */
export function paymentOrderDelay(): Promise<void> {
  const spread = LIMITS.paymentOrderDelayMaxMs - LIMITS.paymentOrderDelayMinMs;
  const ms = LIMITS.paymentOrderDelayMinMs + Math.floor(Math.random() * (spread + 1));
  return new Promise((resolve) => setTimeout(resolve, ms));
}

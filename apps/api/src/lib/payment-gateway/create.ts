import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { createSandboxGateway } from './sandbox.ts';
import { createStripeGateway } from './stripe.ts';
import type { PaymentGateway } from './types.ts';

/** Stripe when its keys are configured, else the built-in sandbox. */
export function createPaymentGateway(options: {
  config: Config;
  db: Executor;
  clock: Clock;
}): PaymentGateway {
  const stripe = options.config.stripe;
  if (stripe) return createStripeGateway(stripe);
  return createSandboxGateway({ db: options.db, clock: options.clock });
}

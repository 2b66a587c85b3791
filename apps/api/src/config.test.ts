import { describe, expect, it } from 'vitest';
import { DEMO_INVOICE_REGISTRATION_NUMBER, loadConfig } from './config.ts';

const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };

describe('configuration', () => {
  it('uses the sandbox gateway without Stripe keys', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
  });

  it('takes Stripe keys together, and refuses one without the other', () => {
    expect(loadConfig(stripeKeys).stripe).toMatchObject({
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/must be set together/);
  });

  it('STRIPE_API_BASE points the SDK at another server (stripe-mock or a stand-in)', () => {
    expect(loadConfig({ ...stripeKeys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe).toMatchObject({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(loadConfig({ ...stripeKeys, STRIPE_API_BASE: 'https://stripe.internal' }).stripe).toMatchObject({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(() => loadConfig({ ...stripeKeys, STRIPE_API_BASE: 'not a url' })).toThrow(/STRIPE_API_BASE/);
  });

  it('INVOICE_REGISTRATION_NUMBER: T and 13 digits, with a demo default', () => {
    expect(loadConfig({}).invoiceRegistrationNumber).toBe(DEMO_INVOICE_REGISTRATION_NUMBER);
    expect(loadConfig({ INVOICE_REGISTRATION_NUMBER: 'T1010405010325' }).invoiceRegistrationNumber).toBe(
      'T1010405010325',
    );
    expect(() => loadConfig({ INVOICE_REGISTRATION_NUMBER: '1010405010325' })).toThrow(
      /INVOICE_REGISTRATION_NUMBER/,
    );
  });
});

/**
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js) for the end-to-end tests, which run
 * offline: the few calls the portal makes (Stripe(), elements().create('card'), mount, on('ready' |
 * 'change'), destroy, confirmCardPayment). The card field is a plain input inside the mount point;
 * confirmCardPayment posts to https://api.stripe.com/v1/payment_intents/{id}/confirm like Stripe.js,
 * which the test routes to the local Stripe API stand-in (apps/api/test/stripe-stand-in.ts).
 * Served to the page as `(${installStripeStandIn})()`, so it must not use anything from outside.
 */
export function installStripeStandIn() {
  type Handler = (event: Record<string, unknown>) => void;
  type CardElement = {
    mount: (target: string | HTMLElement) => void;
    on: (name: string, handler: Handler) => void;
    destroy: () => void;
    unmount: () => void;
    readonly number: string;
  };
  const w = window as unknown as Record<string, unknown>;
  const factory = (publishableKey: string, options?: { locale?: string }) => ({
    _registerWrapper() {},
    locale: options?.locale,
    elements() {
      return {
        create(): CardElement {
          const handlers: Record<string, Handler> = {};
          const input = document.createElement('input');
          input.setAttribute('aria-label', 'カード番号');
          input.setAttribute('data-testid', 'stand-in-card-number');
          input.autocomplete = 'off';
          input.style.cssText = 'border:0;width:100%;font-size:16px;outline:none;background:transparent';
          input.addEventListener('input', () => {
            const digits = input.value.replace(/\D/g, '');
            handlers.change?.({ complete: digits.length >= 15, empty: digits.length === 0 });
          });
          return {
            mount(target) {
              const host = typeof target === 'string' ? document.querySelector(target) : target;
              host?.appendChild(input);
              setTimeout(() => handlers.ready?.({}), 0);
            },
            on(name, handler) {
              handlers[name] = handler;
            },
            destroy() {
              input.remove();
            },
            unmount() {
              input.remove();
            },
            get number() {
              return input.value.replace(/\D/g, '');
            },
          };
        },
      };
    },
    async confirmCardPayment(
      clientSecret: string,
      data: { payment_method: { card: CardElement; billing_details?: { email?: string } } },
    ) {
      const id = clientSecret.split('_secret_')[0] ?? '';
      const body = new URLSearchParams({
        key: publishableKey,
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': data.payment_method.card.number,
        'payment_method_data[billing_details][email]': data.payment_method.billing_details?.email ?? '',
      });
      const response = await fetch(`https://api.stripe.com/v1/payment_intents/${id}/confirm`, {
        method: 'POST',
        body,
      });
      const json = (await response.json()) as Record<string, unknown>;
      return response.ok ? { paymentIntent: json } : { error: json.error };
    },
  });
  w.Stripe = Object.assign(factory, { version: 'clover' });
}

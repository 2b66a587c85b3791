import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null;
  livemode: false;
};

export type StandInRefund = {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
};

/** Stripe's test cards, as the stand-in's confirm call treats them. */
const DECLINED = '4000000000000002';
const AUTHENTICATE = '4000002500003155';

/**
 * A local stand-in for api.stripe.com: the PaymentIntent calls the server adapter makes (create with
 * an idempotency key, retrieve, cancel, refunds), form-encoded as the SDK sends them, and the confirm
 * call Stripe.js makes from the browser (publishable key, client secret, card) with Stripe's test
 * cards: 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 needs authentication.
 */
export function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const byKey = new Map<string, string>();
  /** Refunds made, by idempotency key. */
  const refunds = new Map<string, StandInRefund>();
  const requests: Array<{ method: string; path: string; body: URLSearchParams; auth: string | undefined }> =
    [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({ method: req.method ?? '', path, body, auth: req.headers.authorization });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(4).toString('hex')}`,
        });
        res.end(JSON.stringify(json));
      };
      const missing = () =>
        send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        });
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const key = req.headers['idempotency-key'];
        const known = typeof key === 'string' ? byKey.get(key) : undefined;
        if (known) return send(200, intents.get(known));
        const id = `pi_${randomBytes(10).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [name, value] of body) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match?.[1]) metadata[match[1]] = value;
        }
        const intent: StandInIntent = {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency') ?? 'jpy',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
          metadata,
          last_payment_error: null,
          livemode: false,
        };
        intents.set(id, intent);
        if (typeof key === 'string') byKey.set(key, id);
        return send(200, intent);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const intent = intents.get(body.get('payment_intent') ?? '');
        if (!intent) return missing();
        // As Stripe: the same idempotency key answers the same refund; only a succeeded charge is refunded.
        const key = req.headers['idempotency-key'];
        const known = typeof key === 'string' ? refunds.get(key) : undefined;
        if (known) return send(200, known);
        if (intent.status !== 'succeeded')
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_not_refundable',
              message: 'This PaymentIntent does not have a successful charge to refund.',
            },
          });
        const refund: StandInRefund = {
          id: `re_${randomBytes(6).toString('hex')}`,
          object: 'refund',
          amount: Number(body.get('amount')),
          payment_intent: intent.id,
          status: 'succeeded',
        };
        refunds.set(typeof key === 'string' ? key : refund.id, refund);
        return send(200, refund);
      }
      const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
      if (req.method === 'POST' && confirm?.[1]) {
        const intent = intents.get(confirm[1]);
        if (!intent || body.get('client_secret') !== intent.client_secret) return missing();
        if (['succeeded', 'processing', 'canceled'].includes(intent.status))
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'この PaymentIntent は現在の状態では確定できません。',
              payment_intent: intent,
            },
          });
        const number = (body.get('payment_method_data[card][number]') ?? '').replace(/\s/g, '');
        if (number === DECLINED) {
          intent.status = 'requires_payment_method';
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'カードが拒否されました。',
              payment_intent: intent,
            },
          });
        }
        intent.status = number === AUTHENTICATE ? 'requires_action' : 'succeeded';
        return send(200, intent);
      }
      const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
      const intent = one?.[1] ? intents.get(one[1]) : undefined;
      if (!one)
        return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      if (!intent) return missing();
      if (req.method === 'GET') return send(200, intent);
      if (req.method === 'POST' && one[2]) {
        if (intent.status === 'succeeded' || intent.status === 'processing')
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
              payment_intent: intent,
            },
          });
        intent.status = 'canceled';
        return send(200, intent);
      }
      return missing();
    });
  });
  return new Promise<{
    port: number;
    intents: Map<string, StandInIntent>;
    refunds: Map<string, StandInRefund>;
    requests: typeof requests;
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        intents,
        refunds,
        requests,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

import { baseUrl } from './browser.ts';

/** Calls the portal's API as a test prepares state (JSON in, the envelope's data out; throws otherwise). */
export async function apiCall<T>(
  path: string,
  options: { token?: string; method?: string; body?: unknown } = {},
): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(options.token ? { Authorization: `Token ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

export async function apiLogin(email: string, password = 'Demo1234'): Promise<string> {
  return (await apiCall<{ token: string }>('/users/login', { body: { email, password } })).token;
}

/** The registration form's fields for a new member (a midwife in Tokyo); names and email to override. */
export function registrationBody(overrides: {
  email: string;
  last_name: string;
  first_name?: string;
  last_name_kana?: string;
  first_name_kana?: string;
  last_name_alpha?: string;
  first_name_alpha?: string;
  password?: string;
}) {
  const password = overrides.password ?? 'Demo1234';
  return {
    first_name: '花子',
    last_name_kana: 'シケン',
    first_name_kana: 'ハナコ',
    last_name_alpha: 'SHIKEN',
    first_name_alpha: 'HANAKO',
    ...overrides,
    password,
    re_password: password,
    occupation: '2',
    medical_department: '',
    simulation_qualification: 'ICLS',
    location_work: '東京母子医療センター',
    work_area: '13',
    postal_code: '1000001',
    area: '13',
    district: '千代田区千代田',
    address: '1-1',
    phone: '03-1234-5678',
    gender: '1',
    birthday: '19900131',
    privacy: true,
  };
}

let registered = 0;

/**
 * A new member registered through the API, logged in. The name carries `label` so screenshots and
 * rosters show who is who.
 */
export async function registerMember(
  label: string,
  lastName = '試験',
): Promise<{ email: string; token: string }> {
  registered += 1;
  const email = `e2e-${label}-${Date.now().toString(36)}-${registered}@example.jp`;
  await apiCall('/users', {
    body: registrationBody({
      email,
      last_name: lastName,
      first_name: label === 'journey' ? '陽子' : `花子${registered}`,
    }),
  });
  return { email, token: await apiLogin(email) };
}

/** Pays through the sandbox gateway with 4242 4242 4242 4242, as the card form does. */
export async function paySandbox(
  token: string,
  target: { object_type: number; object_id: number; training_id?: number },
): Promise<void> {
  const { t_key } = await apiCall<{ t_key: string }>('/payments/create-order-transaction', {
    token,
    body: { ...target, meta: { products: [] } },
  });
  const intent = await apiCall<{ clientSecret: string; paymentIntentId: string }>(
    '/payments/stripe/create-payment-intent',
    { token, body: { ...target, t_key } },
  );
  await apiCall('/payments/sandbox/confirm', {
    token,
    body: {
      client_secret: intent.clientSecret,
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
      email: 'e2e@example.jp',
    },
  });
  await apiCall('/payments/stripe/create-payment-order', {
    token,
    body: { ...target, payment_intent_id: intent.paymentIntentId, client_secret: intent.clientSecret },
  });
}

/**
 * A card whose application window stays open for at least the next hour. A file that picks a session and
 * applies some minutes later would otherwise fail on the day a window closes at midnight in Japan
 * (15:00 UTC), as learning.e2e.ts once did.
 */
export const staysOpen = (card: { recruiting: string; apply_date: { end: string } }) =>
  card.recruiting === 'open' && Date.parse(card.apply_date.end) > Date.now() + 3_600_000;

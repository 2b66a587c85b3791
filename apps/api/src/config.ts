import path from 'node:path';
import {
  DEFAULT_CHECK_IN_MARGIN_HOURS,
  DEFAULT_OFFICE_STAFF_REFUND_LIMIT,
  INVOICE_REGISTRATION_NUMBER,
} from '@mels/domain';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import { DEFAULT_SECRET_GRACE_DAYS, deriveKey, type SigningKeys } from './lib/app-secrets.ts';

/** The demo issuer's registration number (適格請求書発行事業者登録番号; a well-formed 法人番号, check digit included). */
export const DEMO_INVOICE_REGISTRATION_NUMBER = 'T5010405012345';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long opening a connection to PostgreSQL may take. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** How long one statement may run (PostgreSQL's statement_timeout; lock waits count). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** How long a request waits for a free connection of the pool. */
  DATABASE_POOL_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  /** How answers are written: 'fast' (fast-json-stringify from each route's schema) or 'zod' (encode + JSON.stringify). */
  RESPONSE_SERIALIZER: z.enum(['fast', 'zod']).default('fast'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('MELS Portal <no-reply@mels.example.jp>'),
  OFFICE_EMAIL: z.email().default('office@mels.example.jp'),
  SEMINAR_ADMIN_URL: z.url().default('https://admin.mels.example.jp/login'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Another Stripe API server (stripe-mock, or a test stand-in); https://api.stripe.com when unset. */
  STRIPE_API_BASE: z.url().optional(),
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_LOGIN_MAX_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
  RATE_LIMIT_REGISTER: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  AUTH_TOKEN_IDLE_DAYS: z.coerce.number().int().min(1).max(30).default(14),
  /** Reception accepts tickets on the session's date in Japan, this many hours either side (decision 022). */
  CHECK_IN_MARGIN_HOURS: z.coerce.number().int().min(0).max(8784).default(DEFAULT_CHECK_IN_MARGIN_HOURS),
  /**
   * How long this process reuses an anonymous session search's answer (decision 050); 0 turns it off.
   * Browsers may already reuse it for 30 s (decision 043).
   */
  SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(30_000).default(5000),
  /** Office staff (not admins) refund orders up to this many yen (decision 041). */
  OFFICE_STAFF_REFUND_LIMIT: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000_000)
    .default(DEFAULT_OFFICE_STAFF_REFUND_LIMIT),
  /** Tests only (refused when NODE_ENV=production): the server's clock starts at this instant and runs on. */
  TEST_CLOCK: z.iso.datetime({ offset: true }).optional(),
  SEED_ON_EMPTY: z.enum(['true', 'false']).default('true'),
  PASSWORD_HASH_COST: z.coerce.number().int().min(12).max(20).default(17),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long a rotated signing secret keeps verifying tickets and certificate links (decision 026). */
  APP_SECRET_GRACE_DAYS: z.coerce.number().int().min(0).max(3650).default(DEFAULT_SECRET_GRACE_DAYS),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[\d.:/, a-fA-F]+)$/, "true, false or the proxies' addresses")
    .default('false'),
  WEB_DIST: z.string().optional(),
  /** GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, there is no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** On SIGTERM, how long requests in flight may take before their connections are closed. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** The largest lesson video the office may upload, in MB of 1,048,576 bytes (decision 035). */
  LESSON_VIDEO_MAX_MB: z.coerce.number().int().min(1).max(10_000).default(500),
  INVOICE_REGISTRATION_NUMBER: z
    .string()
    .regex(INVOICE_REGISTRATION_NUMBER, "'T' and 13 digits (T1234567890123)")
    .default(DEMO_INVOICE_REGISTRATION_NUMBER),
  // The association's account for bank transfers of session fees (decision 021); demo defaults.
  BANK_ACCOUNT_BANK: z.string().trim().min(1).max(60).default('みずほ銀行'),
  BANK_ACCOUNT_BRANCH: z.string().trim().min(1).max(60).default('本郷支店（店番号 123）'),
  BANK_ACCOUNT_TYPE: z.string().trim().min(1).max(20).default('普通'),
  BANK_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{7}$/, 'seven digits')
    .default('1234567'),
  BANK_ACCOUNT_HOLDER: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .default('シヤ）ニホンボタイキユウメイシステムフキユウキヨウギカイ'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Timeouts of the PostgreSQL pool: a stalled database answers 503, it does not hang requests. */
  databaseTimeouts: { connectMs: number; statementMs: number; acquireMs: number };
  publicUrl: string;
  logLevel: (typeof logLevels)[number];
  /** RESPONSE_SERIALIZER (issue 20): 'zod' turns the fast serializer off (to measure it); default 'fast'. */
  responseSerializer?: 'fast' | 'zod';
  smtpUrl: string | undefined;
  mailFrom: string;
  officeEmail: string;
  seminarAdminUrl: string;
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        host?: string;
        port?: number;
        protocol?: 'http' | 'https';
      }
    | undefined;
  /**
   * Attempts per window (decision 018): failed logins per (address, IP) pair, failed logins and
   * reminders per IP (generous), the longest wait for an address under attack, registrations per IP.
   */
  rateLimit: {
    login: number;
    loginIp: number;
    loginMaxDelayMs: number;
    register: number;
    windowSeconds: number;
  };
  /** A login token unused for this long stops working (besides its 30-day lifetime). */
  authTokenIdleMs: number;
  /** Hours before and after the session's date (Japan) during which a ticket can be checked in. */
  checkInMarginHours: number;
  searchCacheMs: number;
  /** Yen: office staff refund up to this amount; above it only an admin (OFFICE_STAFF_REFUND_LIMIT). */
  officeStaffRefundLimit: number;
  /** TEST_CLOCK: where a test server's clock starts (never in production). */
  testClock: Date | undefined;
  seedOnEmpty: boolean;
  /** log2 of scrypt's N for new password hashes (17 = OWASP's recommendation). */
  passwordHashLogN: number;
  /** APP_SECRET: when set, the one signing secret of every instance (the app_secrets table is not used). */
  appSecret: string | undefined;
  /**
   * The keys that sign and verify tickets and certificate links: APP_SECRET's, else the database's
   * (loaded by buildApp and refreshed, lib/app-secrets.ts), else (a configuration no app was built
   * on: unit tests) a key derived from the configuration.
   */
  signing: SigningKeys;
  /** How long a rotated database secret still verifies (APP_SECRET_GRACE_DAYS). */
  secretGraceDays: number;
  /** Fastify trustProxy: false (default), true, or the proxies' addresses. */
  trustProxy: boolean | string;
  webDist: string | undefined;
  /** METRICS_TOKEN: the bearer token of GET /metrics; undefined turns the endpoint off. */
  metricsToken: string | undefined;
  /** SHUTDOWN_TIMEOUT_MS: the longest wait for requests in flight on SIGTERM. */
  shutdownTimeoutMs: number;
  /** LESSON_VIDEO_MAX_MB in bytes: the largest lesson video upload (streamed to storage, never held whole). */
  lessonVideoMaxBytes: number;
  /** The issuer's registration number printed on receipts (qualified invoices): 'T' + 13 digits. */
  invoiceRegistrationNumber: string;
  /** The association's account members transfer session fees to (BANK_ACCOUNT_*). */
  bankAccount: BankAccount;
};

export type BankAccount = { bank: string; branch: string; type: string; number: string; holder: string };

export class ConfigError extends Error {}

/** Reads the environment; a bad variable stops start with its name and what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment variable(s):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.TEST_CLOCK && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid environment variable(s):\n  TEST_CLOCK is for test servers only: it is refused when NODE_ENV=production',
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Invalid environment variable(s):\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // Relative to where the command was typed (npm sets INIT_CWD), so `npm start` at the root uses ./data.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      acquireMs: e.DATABASE_POOL_ACQUIRE_TIMEOUT_MS,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    responseSerializer: e.RESPONSE_SERIALIZER,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    officeEmail: e.OFFICE_EMAIL,
    seminarAdminUrl: e.SEMINAR_ADMIN_URL,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...stripeApiBase(e.STRIPE_API_BASE),
          }
        : undefined,
    rateLimit: {
      login: e.RATE_LIMIT_LOGIN,
      loginIp: e.RATE_LIMIT_LOGIN_IP,
      loginMaxDelayMs: e.RATE_LIMIT_LOGIN_MAX_DELAY_MS,
      register: e.RATE_LIMIT_REGISTER,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    authTokenIdleMs: e.AUTH_TOKEN_IDLE_DAYS * 24 * 60 * 60 * 1000,
    checkInMarginHours: e.CHECK_IN_MARGIN_HOURS,
    searchCacheMs: e.SEARCH_CACHE_MS,
    officeStaffRefundLimit: e.OFFICE_STAFF_REFUND_LIMIT,
    testClock: e.TEST_CLOCK ? new Date(e.TEST_CLOCK) : undefined,
    seedOnEmpty: e.SEED_ON_EMPTY === 'true',
    passwordHashLogN: e.PASSWORD_HASH_COST,
    appSecret: e.APP_SECRET,
    signing: e.APP_SECRET
      ? { source: 'env', keys: [{ id: 'env', key: deriveKey(e.APP_SECRET) }] }
      : {
          source: 'derived',
          keys: [
            {
              id: 'derived',
              key: createHash('sha256')
                .update(
                  [
                    'mels-attendance-v1',
                    e.STRIPE_SECRET_KEY ?? '',
                    e.DATABASE_URL ?? '',
                    e.DATA_DIR,
                    e.PUBLIC_URL ?? '',
                  ].join('\u0000'),
                )
                .digest(),
            },
          ],
        },
    secretGraceDays: e.APP_SECRET_GRACE_DAYS,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    webDist: e.WEB_DIST,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    lessonVideoMaxBytes: e.LESSON_VIDEO_MAX_MB * 1024 * 1024,
    invoiceRegistrationNumber: e.INVOICE_REGISTRATION_NUMBER,
    bankAccount: {
      bank: e.BANK_ACCOUNT_BANK,
      branch: e.BANK_ACCOUNT_BRANCH,
      type: e.BANK_ACCOUNT_TYPE,
      number: e.BANK_ACCOUNT_NUMBER,
      holder: e.BANK_ACCOUNT_HOLDER,
    },
  };
}

/** STRIPE_API_BASE → the SDK's host, port and protocol. */
function stripeApiBase(base: string | undefined) {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

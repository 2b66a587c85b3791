/** Test helpers of the payments and orders modules (used by their *.test.ts only). */
import { authResponseSchema } from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/context.ts';
import type { App } from '../../app.ts';
import {
  courses,
  enrollments,
  products,
  trainingPaymentMethods,
  trainings,
  trainingUserTypes,
} from '../../db/schema.ts';
import { authHeader, registerMember } from '../users/users.fixtures.ts';

export const CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
} as const;

export type Member = { id: number; token: string; email: string };

export async function newMember(app: App): Promise<Member> {
  const registered = await registerMember(app);
  return { id: registered.user.id, token: registered.token, email: registered.email };
}

export async function officeToken(app: App): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: 'office@mels.example.jp', password: 'Demo1234' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return authResponseSchema.parse(response.json()).data.token;
}

export function call(
  app: App,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: token ? authHeader(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export type World = {
  paidCourse: { id: number; price: number; name: string };
  cheapCourse: { id: number };
  biCourse: { id: number };
  training: { id: number; name: string; fee: number };
  product: { id: number; price: number; name: string };
  onceProduct: { id: number; price: number };
};

/** Courses (paid 3,300 yen, 30 yen, BI), a session with a 8,000 yen attendee fee and two products. */
export async function makeWorld(ctx: TestContext): Promise<World> {
  const db = ctx.deps.db;
  const [paid] = await db
    .insert(courses)
    .values({ name: '決済テストコース', price: 3300, certificatePrefix: 'PT' })
    .returning();
  const [cheap] = await db
    .insert(courses)
    .values({ name: '格安テストコース', price: 30, certificatePrefix: 'CT' })
    .returning();
  const [bi] = await db
    .insert(courses)
    .values({ name: 'BIテストコース', price: 5000, certificatePrefix: 'BI' })
    .returning();
  const [tut] = await db.select().from(trainingUserTypes).where(eq(trainingUserTypes.userTypeId, 4)).limit(1);
  if (!paid || !cheap || !bi || !tut) throw new Error('payments world not made');
  await db.update(trainingUserTypes).set({ price: 8000 }).where(eq(trainingUserTypes.id, tut.id));
  await db.update(trainings).set({ isActive: true }).where(eq(trainings.id, tut.trainingId));
  await setPaymentMethods(ctx, tut.trainingId, [1, 2, 3]);
  const [training] = await db.select().from(trainings).where(eq(trainings.id, tut.trainingId));
  const [product] = await db
    .insert(products)
    .values({ name: 'テスト教材', price: 1500, description: 'テキスト' })
    .returning();
  const [once] = await db
    .insert(products)
    .values({ name: '記念バッジ', price: 700, buyOncePerUser: true })
    .returning();
  if (!training || !product || !once) throw new Error('payments world not made');
  return {
    paidCourse: { id: paid.id, price: 3300, name: paid.name },
    cheapCourse: { id: cheap.id },
    biCourse: { id: bi.id },
    training: { id: training.id, name: training.name, fee: 8000 },
    product: { id: product.id, price: 1500, name: product.name },
    onceProduct: { id: once.id, price: 700 },
  };
}

/** Enrols the user in the world's session as an attendee awaiting payment (status 8). */
export async function enrol(ctx: TestContext, world: World, userId: number): Promise<number> {
  const [row] = await ctx.deps.db
    .insert(enrollments)
    .values({ trainingId: world.training.id, userId, userTypeId: 4, status: 8 })
    .onConflictDoNothing()
    .returning();
  if (row) return row.id;
  const [found] = await ctx.deps.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.trainingId, world.training.id), eq(enrollments.userId, userId)));
  if (!found) throw new Error('no enrolment');
  return found.id;
}

export type IntentAnswer = {
  clientSecret: string;
  publicKey: string;
  paymentIntentId: string;
  amount: number;
  t_key: string;
};

export async function createIntent(
  app: App,
  token: string,
  body: Record<string, unknown>,
): Promise<IntentAnswer> {
  const response = await call(app, token, 'POST', '/api/v1/payments/stripe/create-payment-intent', body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: IntentAnswer }).data;
}

export function confirmCard(
  app: App,
  clientSecret: string,
  number: string,
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/payments/sandbox/confirm',
    payload: {
      client_secret: clientSecret,
      number,
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      email: 'card@example.jp',
      ...extra,
    },
  });
}

/** The payment methods a session accepts. */
export async function setPaymentMethods(ctx: TestContext, trainingId: number, methods: number[]) {
  await ctx.deps.db.delete(trainingPaymentMethods).where(eq(trainingPaymentMethods.trainingId, trainingId));
  await ctx.deps.db
    .insert(trainingPaymentMethods)
    .values(methods.map((paymentMethodId) => ({ trainingId, paymentMethodId })));
}

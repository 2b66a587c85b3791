/**
 * Test helpers of the enrolment and office modules (used by their *.test.ts only): members and
 * office staff inserted directly with a login token (no scrypt), and sessions of a course of our own.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../../../test/context.ts';
import type { App } from '../../app.ts';
import {
  authTokens,
  courseConditions,
  courseOccupations,
  courses,
  trainingPaymentMethods,
  trainings,
  trainingUserTypes,
  users,
} from '../../db/schema.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';

export type Member = { id: number; token: string; email: string };

let serial = 0;

/** Members (or office staff) with tokens, inserted in one statement each. */
export async function makeUsers(
  ctx: TestContext,
  count: number,
  options: { role?: 'member' | 'office'; officeRole?: 'admin' | 'staff'; occupation?: number } = {},
): Promise<Member[]> {
  const rows = Array.from({ length: count }, () => {
    serial += 1;
    return {
      email: `enr.${process.pid}.${Date.now()}.${serial}@example.jp`,
      passwordHash: 'scrypt$not-used',
      role: options.role ?? 'member',
      officeRole: options.role === 'office' ? (options.officeRole ?? 'admin') : null,
      lastName: '試験',
      firstName: `花子${serial}`,
      lastNameKana: 'シケン',
      firstNameKana: 'ハナコ',
      lastNameAlpha: 'SHIKEN',
      firstNameAlpha: 'HANAKO',
      occupation: options.occupation ?? 2,
      locationWork: 'テスト病院',
      postalCode: '1000001',
      district: '千代田区',
      address: '千代田1-1',
      phone: '03-0000-0000',
      gender: 1,
      birthday: '1990-01-01',
    };
  });
  const inserted = await ctx.deps.db
    .insert(users)
    .values(rows)
    .returning({ id: users.id, email: users.email });
  const tokens = inserted.map(() => generateToken());
  await ctx.deps.db.insert(authTokens).values(
    inserted.map((u, i) => ({
      userId: u.id,
      tokenHash: hashToken(tokens[i] ?? ''),
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    })),
  );
  return inserted.map((u, i) => ({ id: u.id, email: u.email, token: tokens[i] ?? '' }));
}

export async function makeUser(
  ctx: TestContext,
  options: { role?: 'member' | 'office'; officeRole?: 'admin' | 'staff'; occupation?: number } = {},
) {
  const [user] = await makeUsers(ctx, 1, options);
  if (!user) throw new Error('no user');
  return user;
}

export type SessionOptions = {
  selection?: 'first_come' | 'lottery';
  capacity?: number;
  /** The session fee of the user type. */
  price?: number;
  userTypeIds?: number[];
  applyStart?: string;
  applyEnd?: string;
  eventDate?: string;
  start?: string;
  end?: string;
  paymentMethods?: number[];
  courseId?: number;
  coursePrice?: number;
  certificatePrefix?: string;
  occupations?: number[];
  conditions?: Array<{ group: number; courseId: number; userTypeId: number | null }>;
  isRenewal?: boolean;
  isActive?: boolean;
};

/** A course of our own (no pre-videos, no pre-test), with its occupation and condition rules. */
export async function makeCourse(
  ctx: TestContext,
  options: Pick<
    SessionOptions,
    'coursePrice' | 'certificatePrefix' | 'occupations' | 'conditions' | 'isRenewal'
  > = {},
) {
  serial += 1;
  const [course] = await ctx.deps.db
    .insert(courses)
    .values({
      name: `試験コース${serial}`,
      price: options.coursePrice ?? 0,
      certificatePrefix: options.certificatePrefix ?? 'T',
      isRenewal: options.isRenewal ?? false,
    })
    .returning({ id: courses.id, name: courses.name });
  if (!course) throw new Error('no course');
  if (options.occupations?.length)
    await ctx.deps.db
      .insert(courseOccupations)
      .values(options.occupations.map((occupation) => ({ courseId: course.id, occupation })));
  if (options.conditions?.length)
    await ctx.deps.db.insert(courseConditions).values(
      options.conditions.map((c) => ({
        courseId: course.id,
        groupNo: c.group,
        requiredCourseId: c.courseId,
        requiredUserTypeId: c.userTypeId,
      })),
    );
  return course;
}

/** A session recruiting the given user types (default attendees, first-come, window open at TEST_NOW). */
export async function makeSession(ctx: TestContext, options: SessionOptions = {}) {
  const courseId = options.courseId ?? (await makeCourse(ctx, options)).id;
  serial += 1;
  const [training] = await ctx.deps.db
    .insert(trainings)
    .values({
      courseId,
      areaId: 13,
      name: `試験講習会${serial}`,
      eventDate: options.eventDate ?? '2026-12-20',
      eventStartTime: options.start ?? '09:00:00',
      eventEndTime: options.end ?? '17:00:00',
      sponsorBy: '試験主催',
      venue: '東京都千代田区',
      venueName: '試験会場',
      isActive: options.isActive ?? true,
    })
    .returning({ id: trainings.id });
  if (!training) throw new Error('no training');
  await ctx.deps.db.insert(trainingUserTypes).values(
    (options.userTypeIds ?? [4]).map((userTypeId) => ({
      trainingId: training.id,
      userTypeId,
      capacity: options.capacity ?? 10,
      price: options.price ?? 0,
      selection: options.selection ?? 'first_come',
      applyStartDate: new Date(options.applyStart ?? '2026-11-01T00:00:00Z'),
      applyEndDate: new Date(options.applyEnd ?? '2026-12-01T00:00:00Z'),
    })),
  );
  if (options.paymentMethods?.length)
    await ctx.deps.db
      .insert(trainingPaymentMethods)
      .values(
        options.paymentMethods.map((paymentMethodId) => ({ trainingId: training.id, paymentMethodId })),
      );
  return { id: training.id, courseId };
}

const auth = (token: string | undefined) => (token ? { authorization: `Token ${token}` } : {});

export function call(
  app: App,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = { method, url, headers: auth(token) };
  if (payload !== undefined) options.payload = payload;
  return app.inject(options);
}

/** A call about one session as a member (or a visitor), for a user type (4 when not given). */
type SessionCall = (
  app: App,
  trainingId: number,
  token: string | undefined,
  userType?: number,
) => Promise<LightMyRequestResponse>;

/** POST …/enrollments/user */
export const applyFor: SessionCall = (app, trainingId, token, userType = 4) =>
  call(app, 'POST', `/api/v1/trainings/${trainingId}/enrollments/user`, token, { user_type: userType });

export const detailOf: SessionCall = (app, trainingId, token, userType = 4) =>
  call(app, 'GET', `/api/v1/trainings/${trainingId}/enrollments/detail?user_type=${userType}`, token);

import { formsJa } from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectError, expectNotFound } from '../../../test/http.ts';
import { auditEvents, trainingUserTypes } from '../../db/schema.ts';
import {
  applyFor,
  call,
  makeSession,
  makeUser,
  makeUsers,
  type Member,
} from '../enrollments/enrollments.fixtures.ts';

describe.each(drivers())('office closes applications early (%s)', (driver) => {
  let ctx: TestContext;
  let office: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  const close = (trainingId: number, token: string | null = office.token, userType = 4) =>
    call(ctx.app, 'POST', `/api/v1/office/trainings/${trainingId}/close-applications`, token ?? undefined, {
      user_type: userType,
    });

  it('ends the window now: applications are refused, the draw can run, the old end date is audited', async () => {
    const session = await makeSession(ctx, { selection: 'lottery', capacity: 1 });
    const [a, b, late] = await makeUsers(ctx, 3);
    for (const member of [a, b])
      expect((await applyFor(ctx.app, session.id, member?.token)).statusCode).toBe(201);
    // While the window is open, no draw.
    const early = await call(
      ctx.app,
      'POST',
      `/api/v1/office/trainings/${session.id}/lottery`,
      office.token,
      {
        user_type: 4,
      },
    );
    expectError(early, 409, 'WINDOW_OPEN');

    const response = await close(session.id);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.deps.db
      .select()
      .from(trainingUserTypes)
      .where(and(eq(trainingUserTypes.trainingId, session.id), eq(trainingUserTypes.userTypeId, 4)));
    expect(row?.applyEndDate.toISOString()).toBe(new Date(TEST_NOW).toISOString());
    const audit = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'close_applications'));
    expect(audit.some((e) => (e.data as { training_id: number }).training_id === session.id)).toBe(true);

    ctx.clock.set(new Date(new Date(TEST_NOW).getTime() + 1000));
    expectError(await applyFor(ctx.app, session.id, late?.token), 403, 'WINDOW_CLOSED');
    const draw = await call(ctx.app, 'POST', `/api/v1/office/trainings/${session.id}/lottery`, office.token, {
      user_type: 4,
      seed: 'close-early',
    });
    expect(draw.statusCode, draw.body).toBe(200);
    // Closing twice: the window is no longer open.
    expect(expectError(await close(session.id), 409, 'WINDOW_NOT_OPEN').meta.message).toBe(
      formsJa.enrollment.windowNotOpenToClose,
    );
  });

  it('refuses members (403), visitors (401), unknown recruitments (404) and windows not yet open (409)', async () => {
    const session = await makeSession(ctx, { selection: 'lottery' });
    const member = await makeUser(ctx);
    expectError(await close(session.id, member.token), 403, 'FORBIDDEN');
    expectError(await close(session.id, null), 401, 'UNAUTHORIZED');
    expectNotFound(await close(99_999_999));
    expectNotFound(await close(session.id, office.token, 1));
    const upcoming = await makeSession(ctx, { selection: 'lottery', applyStart: '2026-11-25T00:00:00Z' });
    expectError(await close(upcoming.id), 409, 'WINDOW_NOT_OPEN');
    const invalid = await call(
      ctx.app,
      'POST',
      `/api/v1/office/trainings/${session.id}/close-applications`,
      office.token,
      {
        user_type: 'x',
      },
    );
    expect(invalid.statusCode).toBe(400);
  });
});

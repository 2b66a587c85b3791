import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectError } from '../../../test/http.ts';
import {
  applyFor,
  call,
  makeCourse,
  makeSession,
  makeUser,
  type Member,
} from '../enrollments/enrollments.fixtures.ts';

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

/** The session is held the day after TEST_NOW; check-in happens on its morning (Japan). */
const EVENT_DATE = '2026-11-23';
const ON_THE_DAY = '2026-11-23T00:30:00Z';
const RECEPTION_CODE = /^[0-9A-HJKMNP-TV-Z]{1,5}-[0-9A-HJKMNP-TV-Z]{6}$/;

type Ticket = { enrollment_id: number; attendance_code: string; reception_code: string };

describe.each(drivers())('the reception code (受付コード) typed at check-in (%s)', (driver) => {
  let ctx: TestContext;
  let office: Member;
  let sessionId: number;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
    const course = await makeCourse(ctx);
    sessionId = (await makeSession(ctx, { courseId: course.id, eventDate: EVENT_DATE })).id;
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  /** A member with a ticket (first-come, free: applied and agreed, 9 attending). */
  async function ticketed(): Promise<Ticket & { member: Member }> {
    const member = await makeUser(ctx);
    await applyFor(ctx.app, sessionId, member.token);
    await call(ctx.app, 'POST', `/api/v1/trainings/${sessionId}/enrollments/agreement`, member.token, {
      user_type: 4,
      agree: true,
    });
    const ticket = await call(
      ctx.app,
      'GET',
      `/api/v1/trainings/${sessionId}/enrollments/ticket?user_type=4`,
      member.token,
    );
    expect(ticket.statusCode, ticket.body).toBe(200);
    return { ...dataOf<Ticket>(ticket), member };
  }

  const checkIn = (code: string, token = office.token) =>
    call(ctx.app, 'POST', '/api/v1/office/check-in', token, { code, training_id: sessionId });

  it('is on the ticket: at most 12 characters, stable, one per enrolment', async () => {
    const one = await ticketed();
    const two = await ticketed();
    expect(one.reception_code).toMatch(RECEPTION_CODE);
    expect(one.reception_code.length).toBeLessThanOrEqual(12);
    expect(one.reception_code).not.toBe(two.reception_code);
    const again = await call(
      ctx.app,
      'GET',
      `/api/v1/trainings/${sessionId}/enrollments/ticket?user_type=4`,
      one.member.token,
    );
    expect(dataOf<Ticket>(again).reception_code).toBe(one.reception_code);
  });

  it('checks in when typed (any case, spaces, no hyphen), once', async () => {
    const t = await ticketed();
    ctx.clock.set(ON_THE_DAY);
    const typed = ` ${t.reception_code.toLowerCase().replace('-', ' ')} `;
    const ok = await checkIn(typed);
    expect(ok.statusCode, ok.body).toBe(200);
    // Checked in: past 9 (attending); this course has no post-test, so straight to the survey.
    expect(dataOf<{ status: number }>(ok).status).toBeGreaterThan(9);
    expectError(await checkIn(t.reception_code), 409, 'ALREADY_CHECKED_IN');
  });

  it('refuses an altered code, another enrolment’s code with this id, and a non-code alike', async () => {
    const t = await ticketed();
    const other = await ticketed();
    ctx.clock.set(ON_THE_DAY);
    const [idPart, mac = ''] = t.reception_code.split('-');
    const last = mac.at(-1) === 'Z' ? 'Y' : 'Z';
    for (const code of [
      `${idPart}-${mac.slice(0, -1)}${last}`,
      `${idPart}-${other.reception_code.split('-')[1]}`,
      `${idPart}-`,
      'ZZZZZ-ZZZZZZ',
      '1-ABCDEF',
      'ticket',
    ]) {
      expectError(await checkIn(code), 400, 'NG_ATTENDANCE_CODE');
    }
    // Nothing changed: the real code still checks in.
    const ok = await checkIn(t.reception_code);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('is for the office only: a member typing a code gets 403', async () => {
    const t = await ticketed();
    ctx.clock.set(ON_THE_DAY);
    expectError(await checkIn(t.reception_code, t.member.token), 403, 'FORBIDDEN');
  });
});

import { randomBytes } from 'node:crypto';
import { USER_TYPE } from '@mels/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { certificateCounters, certificates, ranks, userRanks } from '../schema.ts';
import { finish, pastCopy, sessionBetween, type Finished } from './bi-candidates.ts';
import type { CourseIds } from './courses.ts';
import { addDays, addMonths, jst } from './dates.ts';

/**
 * The two demo accounts of the certificate renewal (issue 17, decision 034), each holding the BI rank and
 * a basic-instructor certificate numbered on the BI counter:
 * renewal: a 5-year certificate ending in 4 months with three instructor activities in its period
 * (eligible, the renewal fee to pay); renewal-short: a 3-year one ending in 2 months with one activity
 * (requirements unmet: a 3-year certificate needs 2).
 */
export async function seedRenewalAccounts(
  db: Executor,
  input: {
    accounts: ReadonlyArray<{ userId: number; holderName: string; holderNameAlpha: string }>;
    courseIds: CourseIds;
    today: string;
  },
) {
  const { courseIds, today } = input;
  const [eligible, short] = input.accounts;
  if (!eligible || !short) throw new Error('the renewal demo needs its two accounts');
  const plans = [
    { ...eligible, years: 5, endsInMonths: 4, activitiesDaysAgo: [1300, 820, 300] },
    { ...short, years: 3, endsInMonths: 2, activitiesDaysAgo: [400] },
  ];
  const [bi] = await db.select({ id: ranks.id }).from(ranks).where(eq(ranks.level, 1));
  // The BI counter moves past the numbers given here, so the office's next approval gets BI-000003.
  const [counter] = await db
    .insert(certificateCounters)
    .values({ prefix: 'BI', lastNumber: plans.length })
    .onConflictDoUpdate({
      target: certificateCounters.prefix,
      set: { lastNumber: sql`${certificateCounters.lastNumber} + ${plans.length}` },
    })
    .returning({ n: certificateCounters.lastNumber });
  let n = (counter?.n ?? plans.length) - plans.length;
  for (const plan of plans) {
    n += 1;
    const endDate = addMonths(today, plan.endsInMonths);
    const startDate = addMonths(addDays(endDate, 1), -12 * plan.years);
    await db.insert(certificates).values({
      userId: plan.userId,
      courseId: courseIds['basic-instructor'],
      certificateType: 2,
      certificateNumber: `BI-${String(n).padStart(6, '0')}`,
      verificationCode: randomBytes(18).toString('base64url'),
      holderName: plan.holderName,
      holderNameAlpha: plan.holderNameAlpha,
      startDate,
      endDate,
      createdAt: jst(startDate, '10:00'),
    });
    if (bi)
      await db
        .insert(userRanks)
        .values({ userId: plan.userId, rankId: bi.id, grantedAt: jst(startDate, '10:00') });
    const rows: Finished[] = [];
    for (const daysAgo of plan.activitiesDaysAgo) {
      const session = await sessionBetween(db, {
        courseId: courseIds.basic,
        userTypeId: USER_TYPE.instructor,
        from: addDays(today, -daysAgo - 30),
        to: addDays(today, -daysAgo + 30),
      });
      rows.push(
        session ??
          (await pastCopy(db, {
            courseId: courseIds.basic,
            userTypeId: USER_TYPE.instructor,
            day: addDays(today, -daysAgo),
          })),
      );
    }
    await finish(db, plan.userId, rows);
  }
}

/**
 * The deterministic demo data of MELS Portal: reference data, courses, about 230 sessions over every
 * prefecture, content pages, the shop and one account per role. `seedScale` adds volume for load tests.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Storage } from '../../lib/storage.ts';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts.ts';
import { queryRows } from './batch.ts';
import { seedCourses } from './courses.ts';
import { seedLearning } from './learning.ts';
import { today as tokyoToday } from './dates.ts';
import { seedFaqs } from './faqs.ts';
import { seedLocalHoldings } from './hosts.ts';
import { seedInstructorDocuments } from './instructor.ts';
import { seedInstructorHistory } from './instructor-history.ts';
import { seedBiCandidates } from './bi-candidates.ts';
import { seedRenewalAccounts } from './renewals.ts';
import { seedNews } from './news.ts';
import { seedPages } from './pages.ts';
import { createRng, deriveSeed } from './random.ts';
import { seedReference } from './reference.ts';
import { seedShop } from './shop.ts';
import { createTrainingPlans, demoSlots, planSession } from './trainings.ts';

export { DEMO_ACCOUNTS } from './accounts.ts';
export { seedScale } from './scale.ts';

const DEFAULT_RANDOM_SEED = 20261122;
/** How many sessions the demo holds (past and next twelve months). */
const DEMO_SESSION_COUNT = 232;
/** The password of the demo local holdings (地域開催団体). */
const LOCAL_HOLDING_PASSWORD = 'Holding1234';

export type SeedOptions = {
  /** Not used yet: kept so that seeded documents can be written later. */
  storage?: Storage;
  /** The instant the data is arranged around (windows, past and future sessions, news dates). */
  now?: Date;
  randomSeed?: number;
};

/** True when the reference data has never been loaded (no prefecture row). */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from areas limit 1`);
  return rows.length === 0;
}

export async function seedDemoData(db: Executor, options: SeedOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const seed = options.randomSeed ?? DEFAULT_RANDOM_SEED;
  const day = tokyoToday(now);

  // scrypt is slow and memory-hungry (128 MiB each): one hash per demo account, one after another.
  const hashes = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) hashes.set(account.role, await hashPassword(account.password));
  const holdingHash = await hashPassword(LOCAL_HOLDING_PASSWORD);

  await db.transaction(async (tx) => {
    await seedReference(tx);
    const courseIds = await seedCourses(tx, now);
    await seedLearning(tx, courseIds, now);
    const localHoldings = await seedLocalHoldings(tx, holdingHash, now);

    const rng = createRng(deriveSeed(seed, 'trainings'));
    const ctx = { now, today: day, courseIds, localHoldings };
    const plans = demoSlots(rng, day, DEMO_SESSION_COUNT).map((slot) => planSession(rng, ctx, slot));
    await createTrainingPlans(tx, plans);

    const accounts = await seedAccounts(tx, hashes, courseIds, day);
    await seedInstructorHistory(tx, { userId: accounts.instructor ?? 0, today: day });
    await seedBiCandidates(tx, {
      candidateId: accounts['bi-candidate'] ?? 0,
      nurseId: accounts['bi-nurse'] ?? 0,
      courseIds,
      today: day,
    });
    await seedRenewalAccounts(tx, {
      accounts: [
        { userId: accounts.renewal ?? 0, holderName: '石井 健太', holderNameAlpha: 'KENTA ISHII' },
        { userId: accounts['renewal-short'] ?? 0, holderName: '松本 彩', holderNameAlpha: 'AYA MATSUMOTO' },
      ],
      courseIds,
      today: day,
    });
    await seedInstructorDocuments(tx, day);
    await seedNews(tx, now, day);
    await seedFaqs(tx);
    await seedPages(tx, now);
    await seedShop(tx, courseIds, now);
  });
}

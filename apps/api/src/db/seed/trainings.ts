import { japanDateTime, sessionCreateSchema, TRAINING_STATUS, type SessionCreate } from '@mels/domain';
import type { Executor } from '../client.ts';
import { addSession, markSessionCancelled } from '../../modules/catalogue/index.ts';
import { setSessionHolding } from '../../modules/local-holdings/index.ts';
import { trainingPaymentMethods, trainings, trainingUserTypes } from '../schema.ts';
import { PREFECTURES, TOTAL_POPULATION, type Prefecture } from './areas.ts';
import { insertInBatches, reserveIds } from './batch.ts';
import { courseSeed, type CourseIds, type CourseSlug } from './courses.ts';
import { addDays, jaDate, jst, weekday } from './dates.ts';
import { sponsorsFor, venuesFor, type LocalHoldingRef } from './hosts.ts';
import type { Rng } from './random.ts';

type TrainingInsert = typeof trainings.$inferInsert;
type TrainingUserTypeInsert = typeof trainingUserTypes.$inferInsert;

export type TrainingPlan = {
  training: Omit<TrainingInsert, 'id'>;
  userTypes: Omit<TrainingUserTypeInsert, 'id' | 'trainingId'>[];
  paymentMethods: number[];
};

export type PlanContext = {
  now: Date;
  /** Today in Japan, YYYY-MM-DD. */
  today: string;
  courseIds: CourseIds;
  localHoldings: readonly LocalHoldingRef[];
};

export type SessionSlot = { pref: Prefecture; slug: CourseSlug; eventDate: string; seriesNo: number };

/** Sessions are spread over the past and the next twelve months (a few days' margin for weekends). */
export const SPAN_DAYS = 358;

// ───────────────────────────── where and when ─────────────────────────────

/** Basic course everywhere; the instructor track and the advance course mostly in larger prefectures. */
export function pickCourse(rng: Rng, pref: Prefecture): CourseSlug {
  const large = pref.population >= 150;
  return rng.weighted<CourseSlug>([
    ['basic', 62],
    ['advance', large ? 11 : 6],
    ['basic-instructor', 11],
    ['instructor', large ? 8 : 3],
    ['renewal', large ? 7 : 3],
  ]);
}

/** Most sessions are held at weekends: move a date to the nearest Saturday or Sunday (85 %). */
export function toWeekend(rng: Rng, ymd: string): string {
  if (!rng.chance(0.85)) return ymd;
  const dow = weekday(ymd);
  if (dow === 0 || dow === 6) return ymd;
  // Monday–Wednesday go back to Sunday, Thursday–Friday forward to Saturday.
  return dow <= 3 ? addDays(ymd, -dow) : addDays(ymd, 6 - dow);
}

/** `count` dates spread evenly (one per stratum) over today ± SPAN_DAYS. */
export function spreadDates(rng: Rng, today: string, count: number): string[] {
  const total = SPAN_DAYS * 2;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * total) / count);
    const to = Math.floor(((i + 1) * total) / count) - 1;
    out.push(toWeekend(rng, addDays(today, -SPAN_DAYS + rng.int(from, Math.max(from, to)))));
  }
  return out;
}

/** Sessions per prefecture: at least two each (one past, one ahead), the rest by population. */
export function allocateByPopulation(total: number, minimum: number): Map<number, number> {
  const rest = total - minimum * PREFECTURES.length;
  const shares = PREFECTURES.map((p) => {
    const exact = (p.population / TOTAL_POPULATION) * rest;
    return { id: p.id, base: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = rest - shares.reduce((sum, s) => sum + s.base, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.id - b.id);
  const extra = new Set<number>();
  for (const s of byRemainder) {
    if (left <= 0) break;
    extra.add(s.id);
    left--;
  }
  return new Map(shares.map((s) => [s.id, minimum + s.base + (extra.has(s.id) ? 1 : 0)]));
}

/** The demo's sessions: every prefecture, weighted by population, numbered per series. */
export function demoSlots(rng: Rng, today: string, total: number): SessionSlot[] {
  const counts = allocateByPopulation(total, 2);
  const slots: SessionSlot[] = [];
  for (const pref of PREFECTURES) {
    for (const eventDate of spreadDates(rng, today, counts.get(pref.id) ?? 2)) {
      slots.push({ pref, slug: pickCourse(rng, pref), eventDate, seriesNo: 0 });
    }
  }
  // Number each series (prefecture × course) in date order from a plausible starting count.
  const series = new Map<string, SessionSlot[]>();
  for (const slot of slots) {
    const key = `${slot.pref.id}:${slot.slug}`;
    series.set(key, [...(series.get(key) ?? []), slot]);
  }
  for (const list of series.values()) {
    list.sort((a, b) => a.eventDate.localeCompare(b.eventDate));
    const first = list[0];
    let n = first && first.slug === 'basic' ? rng.int(4, 36) : rng.int(1, 9);
    for (const slot of list) slot.seriesNo = n++;
  }
  return slots.sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.pref.id - b.pref.id);
}

// ───────────────────────────── what a session looks like ─────────────────────────────

const hm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

type Times = Pick<
  TrainingInsert,
  | 'eventStartTime'
  | 'eventEndTime'
  | 'startTimeMorning'
  | 'endTimeMorning'
  | 'startTimeAfternoon'
  | 'endTimeAfternoon'
>;

function timesFor(rng: Rng, slug: CourseSlug): Times {
  const fullDay = (start: number, lunch: number, end: number): Times => ({
    eventStartTime: hm(start),
    eventEndTime: hm(end),
    startTimeMorning: hm(start),
    endTimeMorning: hm(lunch),
    startTimeAfternoon: hm(lunch + 60),
    endTimeAfternoon: hm(end),
  });
  const afternoon = (start: number, end: number): Times => ({
    eventStartTime: hm(start),
    eventEndTime: hm(end),
    startTimeMorning: null,
    endTimeMorning: null,
    startTimeAfternoon: hm(start),
    endTimeAfternoon: hm(end),
  });
  switch (slug) {
    case 'basic': {
      const start = rng.weighted([
        [540, 6],
        [570, 3],
        [600, 1],
      ] as const);
      return fullDay(start, start + 180, start + 360);
    }
    case 'basic-instructor':
      if (rng.chance(0.25)) {
        return {
          eventStartTime: hm(540),
          eventEndTime: hm(780),
          startTimeMorning: hm(540),
          endTimeMorning: hm(780),
          startTimeAfternoon: null,
          endTimeAfternoon: null,
        };
      }
      return afternoon(780, 1020);
    case 'instructor':
      return fullDay(540, 720, 1020);
    case 'advance':
      return rng.chance(0.7) ? fullDay(540, 720, 1020) : fullDay(570, 750, 1050);
    case 'renewal':
      return afternoon(780, 960);
  }
}

const TARGETS: Record<CourseSlug, readonly string[]> = {
  basic: [
    '医師、助産師、看護師、准看護師、救急救命士、医学生・助産学生・看護学生',
    '産科診療に携わる医師、助産師、看護師、救急救命士（職種は問いません）',
    '周産期医療に関わるすべての医療者（学生の方も受講できます）',
  ],
  'basic-instructor': ['ベーシックコースを修了した医師、助産師、看護師、救急救命士'],
  instructor: [
    'ベーシックコースまたはベーシックインストラクターコースを修了した医師、助産師、看護師、救急救命士',
  ],
  advance: [
    'ベーシックコースを修了した医師、助産師、看護師（産婦人科・救急科・麻酔科の医師を主な対象とします）',
    'ベーシックコースを修了した産婦人科医、救急医、麻酔科医、助産師、看護師',
  ],
  renewal: ['認定期間の満了が近いベーシックインストラクター、インストラクター'],
};

const NOTES = [
  '当日は動きやすい服装でお越しください。',
  '実習では床に膝をつく場面があります。動きやすいパンツスタイルでご参加ください。',
  '昼食は各自でご用意ください。会場内に飲食できるスペースがあります。',
  '会場には駐車場がございません。公共交通機関をご利用ください。',
  '受付は開始時刻の30分前から行います。',
  '当日は受講票（印刷したもの、またはスマートフォンの画面）を受付でご提示ください。',
  '筆記用具をお持ちください。テキストは当日会場でお渡しします。',
  '県内の医療機関に勤務する方を優先してご案内する場合があります。',
  '駐車場には限りがありますので、できるだけ公共交通機関をご利用ください。',
] as const;

const CANCEL_REASONS_PAST = [
  '台風の接近に伴い、受講者とスタッフの安全を考慮して開催を中止いたしました。',
  '大雪による交通機関の乱れが見込まれるため、開催を中止いたしました。',
  '申込者数が最少催行人数に達しなかったため、開催を中止いたしました。',
  '感染症の院内流行により会場が使用できなくなったため、開催を中止いたしました。',
] as const;

const CANCEL_REASONS_FUTURE = [
  '会場の改修工事に伴い、開催を中止いたします。代替日程は決まり次第お知らせします。',
  'インストラクターの確保が困難となったため、開催を中止いたします。ご迷惑をおかけし申し訳ございません。',
  '会場の都合により、開催を中止いたします。お申し込み済みの方には事務局より個別にご連絡いたします。',
] as const;

const ATTENDEE_PRICES: Record<CourseSlug, ReadonlyArray<readonly [number, number]>> = {
  basic: [
    [15000, 42],
    [8000, 30],
    [3000, 12],
    [0, 10],
    [30, 6],
  ],
  'basic-instructor': [
    [8000, 40],
    [3000, 40],
    [0, 20],
  ],
  instructor: [
    [15000, 50],
    [8000, 50],
  ],
  advance: [
    [15000, 70],
    [8000, 30],
  ],
  renewal: [
    [3000, 60],
    [0, 40],
  ],
};

const ATTENDEE_CAPACITY: Record<CourseSlug, readonly number[]> = {
  basic: [12, 18, 24, 24, 30, 36],
  'basic-instructor': [8, 12, 16],
  instructor: [12, 18, 24],
  advance: [12, 18, 24],
  renewal: [20, 30, 40],
};

const DESCRIPTIONS = {
  1: [
    'インストラクターとして指導にご協力いただける方',
    '認定インストラクターの方（ブース担当をお願いします）',
  ],
  2: [
    'アシスタントとして指導補助にご協力いただける方（インストラクター認定に必要な経験として記録されます）',
    'ベーシックインストラクターコースを修了し、指導補助を希望される方',
  ],
  3: ['講習会の見学を希望される方（実習には参加できません）', '今後の講習会開催を検討されている施設の方'],
  4: ['本講習会を受講される方'],
  5: ['運営スタッフ・関係者（事務局からご案内した方のみ）'],
} as const;

/** The whole plan of one session: the row, what it recruits, and how it can be paid. */
export function planSession(rng: Rng, ctx: PlanContext, slot: SessionSlot): TrainingPlan {
  const { pref, slug, eventDate } = slot;
  const course = courseSeed(slug);
  const venues = venuesFor(pref);
  // Instructor-track sessions are held at the university; the basic course anywhere.
  const venue = slug === 'basic' ? rng.pick(venues) : (venues[rng.chance(0.6) ? 0 : 1] ?? rng.pick(venues));
  const holding = ctx.localHoldings.filter((h) => h.areaId === pref.id);
  const byHolding =
    holding.length > 0 && slug === 'basic' && rng.chance(0.35) ? rng.pick(holding) : undefined;
  const sponsorBy = byHolding?.organization ?? rng.weighted(sponsorsFor(pref));
  const past = eventDate < ctx.today;
  const times = timesFor(rng, slug);

  const lottery = rng.chance(0.34);
  // Windows: attendees apply for two to five months, until one to six weeks before the day (lotteries
  // close earlier so that winners can pay); instructors and assistants are recruited earlier.
  const attendeeEnd = addDays(eventDate, lottery ? -rng.int(21, 42) : -rng.int(5, 21));
  const attendeeStart = addDays(attendeeEnd, -rng.int(60, 150));
  const staffEnd = addDays(eventDate, -rng.int(14, 30));
  const staffStart = addDays(staffEnd, -rng.int(60, 150));

  const recruits = new Set<number>();
  if (rng.chance(0.97)) recruits.add(4);
  if (rng.chance(0.8)) recruits.add(1);
  if (rng.chance(0.55)) recruits.add(2);
  if (rng.chance(0.25)) recruits.add(3);
  if (recruits.size < 2) recruits.add(recruits.has(1) ? 2 : 1);
  if (!recruits.has(4) && recruits.size < 2) recruits.add(2);
  const withOther = rng.chance(0.08);

  const attendeePrice = rng.weighted(ATTENDEE_PRICES[slug]);
  const userTypes: TrainingPlan['userTypes'] = [];
  for (const typeId of [1, 2, 3, 4] as const) {
    if (!recruits.has(typeId)) continue;
    const isAttendee = typeId === 4;
    const staff = typeId === 1 || typeId === 2;
    const start = staff ? staffStart : attendeeStart;
    const end = staff ? staffEnd : attendeeEnd;
    userTypes.push({
      userTypeId: typeId,
      description: isAttendee
        ? lottery
          ? '本講習会を受講される方（応募多数の場合は抽選となります）'
          : '本講習会を受講される方（定員に達し次第締め切ります）'
        : rng.pick(DESCRIPTIONS[typeId]),
      capacity:
        typeId === 4
          ? rng.pick(ATTENDEE_CAPACITY[slug])
          : typeId === 1
            ? rng.int(4, 10)
            : typeId === 2
              ? rng.int(2, 8)
              : rng.int(2, 6),
      participant: 0,
      price: isAttendee ? attendeePrice : typeId === 3 && rng.chance(0.2) ? 3000 : 0,
      selection: isAttendee
        ? lottery
          ? 'lottery'
          : 'first_come'
        : typeId === 1 && rng.chance(0.15)
          ? 'lottery'
          : 'first_come',
      applyStartDate: jst(start, '10:00'),
      applyEndDate: jst(end, '23:59'),
      registerStartDate: isAttendee ? jst(attendeeStart, '10:00') : null,
      registerEndDate: isAttendee ? jst(addDays(eventDate, -1), '23:59') : null,
    });
  }
  if (withOther) {
    userTypes.push({
      userTypeId: 5,
      description: rng.pick(DESCRIPTIONS[5]),
      capacity: rng.int(3, 10),
      participant: 0,
      price: 0,
      selection: 'first_come',
      applyStartDate: jst(staffStart, '10:00'),
      applyEndDate: jst(staffEnd, '23:59'),
      registerStartDate: null,
      registerEndDate: null,
    });
  }

  const paymentMethods: number[] = [];
  if (recruits.has(4) && attendeePrice >= 50) {
    paymentMethods.push(1);
    if (rng.chance(0.35)) paymentMethods.push(2);
    if (rng.chance(0.2)) paymentMethods.push(3);
  }

  const cancelled = rng.chance(0.055);
  const earliest = staffStart < attendeeStart ? staffStart : attendeeStart;
  let createdDay = addDays(earliest, -rng.int(7, 30));
  if (createdDay >= ctx.today) createdDay = addDays(ctx.today, -rng.int(1, 20));
  const createdAt = jst(
    createdDay,
    `${String(rng.int(9, 17)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}`,
  );
  let updatedAt = createdAt;
  if (cancelled) {
    const cancelDay = past ? addDays(eventDate, -rng.int(1, 5)) : addDays(ctx.today, -rng.int(0, 10));
    const at = jst(cancelDay, '16:00');
    if (at > updatedAt) updatedAt = at;
  }

  const notes = rng.shuffle(NOTES).slice(0, rng.int(1, 3));
  const lotteryNotice = addDays(attendeeEnd, 7);
  return {
    training: {
      courseId: ctx.courseIds[slug],
      areaId: pref.id,
      localHoldingId: byHolding?.id ?? null,
      name: `第${slot.seriesNo}回 ${course.titleName}（${pref.id === 13 ? `東京・${venue.city.label}` : venue.city.label}）`,
      eventDate,
      ...times,
      sponsorBy,
      venue: venue.address,
      venueName: venue.name,
      target: rng.pick(TARGETS[slug]),
      note: notes.join('\n'),
      registerDateNote:
        recruits.has(4) && slug !== 'renewal'
          ? '事前学習（動画視聴・事前テスト）は講習会の前日までに完了してください。'
          : '',
      applyDateNote: lottery
        ? `応募多数の場合は抽選となります。結果は${jaDate(lotteryNotice)}頃にメールでお知らせします。`
        : '定員に達し次第、受付を締め切ります。',
      isActive: !cancelled,
      cancelledReason: cancelled ? rng.pick(past ? CANCEL_REASONS_PAST : CANCEL_REASONS_FUTURE) : null,
      createdAt,
      updatedAt,
    },
    userTypes,
    paymentMethods,
  };
}

export type InsertedTraining = { id: number; plan: TrainingPlan };

/** Inserts sessions with their recruitment and payment rows, ids reserved up front, in batches. */
export async function insertTrainingPlans(
  db: Executor,
  plans: readonly TrainingPlan[],
  reservedFirstId?: number,
): Promise<InsertedTraining[]> {
  const first = reservedFirstId ?? (await reserveIds(db, 'trainings', plans.length));
  const inserted = plans.map((plan, i) => ({ id: first + i, plan }));
  await insertInBatches(
    db,
    trainings,
    inserted.map(({ id, plan }) => ({ id, ...plan.training })),
  );
  await insertInBatches(
    db,
    trainingUserTypes,
    inserted.flatMap(({ id, plan }) => plan.userTypes.map((u) => ({ trainingId: id, ...u }))),
  );
  await insertInBatches(
    db,
    trainingPaymentMethods,
    inserted.flatMap(({ id, plan }) =>
      plan.paymentMethods.map((paymentMethodId) => ({ trainingId: id, paymentMethodId })),
    ),
  );
  return inserted;
}

const hhmm = (t: string | null | undefined) => (t ? t.slice(0, 5) : null);
const japan = (d: Date | string | null | undefined) =>
  d === null || d === undefined ? null : japanDateTime(new Date(d));

/** A session's plan as the office's form sends it (POST /office/trainings), checked by the same schema. */
export function sessionInput(plan: TrainingPlan): SessionCreate {
  const t = plan.training;
  return sessionCreateSchema.parse({
    course_id: t.courseId,
    name: t.name,
    area: t.areaId,
    event_date: t.eventDate,
    event_start_time: hhmm(t.eventStartTime),
    event_end_time: hhmm(t.eventEndTime),
    start_time_morning: hhmm(t.startTimeMorning),
    end_time_morning: hhmm(t.endTimeMorning),
    start_time_afternoon: hhmm(t.startTimeAfternoon),
    end_time_afternoon: hhmm(t.endTimeAfternoon),
    sponsor_by: t.sponsorBy,
    venue: t.venue,
    venue_name: t.venueName,
    target: t.target ?? '',
    note: t.note ?? '',
    register_date_note: t.registerDateNote ?? '',
    apply_date_note: t.applyDateNote ?? '',
    status: TRAINING_STATUS.published,
    payment_method_ids: plan.paymentMethods,
    users_types: plan.userTypes.map((u) => ({
      type_id: u.userTypeId,
      description: u.description ?? '',
      capacity: u.capacity,
      price: u.price,
      selection: u.selection,
      apply_start_date: japan(u.applyStartDate),
      apply_end_date: japan(u.applyEndDate),
      register_start_date: japan(u.registerStartDate),
      register_end_date: japan(u.registerEndDate),
    })),
  });
}

/**
 * The demo's sessions, created the way the office creates them (issue 16): each through the catalogue's
 * `addSession` as of the day it was created (so the rules that hold for a new session hold for it), then
 * given to its local holding and cancelled, where the plan says so, through the same office functions.
 */
export async function createTrainingPlans(
  tx: Executor,
  plans: readonly TrainingPlan[],
): Promise<InsertedTraining[]> {
  const created: InsertedTraining[] = [];
  for (const plan of plans) {
    const createdAt = new Date(plan.training.createdAt ?? Date.now());
    const id = await addSession(tx, { actorId: null, input: sessionInput(plan), now: createdAt });
    if (plan.training.localHoldingId)
      await setSessionHolding(tx, {
        actorId: null,
        trainingId: id,
        holdingId: plan.training.localHoldingId,
        now: createdAt,
      });
    if (plan.training.isActive === false)
      await markSessionCancelled(tx, {
        actorId: null,
        id,
        reason: plan.training.cancelledReason ?? '',
        now: new Date(plan.training.updatedAt ?? createdAt),
      });
    created.push({ id, plan });
  }
  return created;
}

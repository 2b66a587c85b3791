import { randomBytes } from 'node:crypto';
import { USER_TYPE } from '@mels/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import {
  certificateCounters,
  certificates,
  lessons,
  quizQuestionMetas,
  quizQuestions,
  quizzes,
  ranks,
  userRanks,
} from '../schema.ts';
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
  await seedRenewalCourse(db, courseIds.renewal);
}

/** The renewal course's two videos (the demo pre-videos' files: 8 and 9 seconds, ffprobe). */
export const RENEWAL_VIDEOS = [
  {
    title: '診療指針の主な改訂点 ― 母体急変時の初期対応',
    tutor: '産婦人科専門医 山本 恵子',
    duration: 8,
    link: '/media/lessons/lesson-1.webm',
    thumbnail: '/media/lessons/lesson-1.jpg',
  },
  {
    title: '指導経験の振り返り ― 妊産婦の心肺蘇生の指導',
    tutor: '麻酔科専門医 中村 真理',
    duration: 9,
    link: '/media/lessons/lesson-3.webm',
    thumbnail: '/media/lessons/lesson-3.jpg',
  },
] as const;

/** The course-renewal test: three questions, choices a… in order, the correct ones marked. */
export const RENEWAL_TEST: ReadonlyArray<{
  title: string;
  inputType: 0 | 1;
  choices: ReadonlyArray<readonly [string, boolean]>;
}> = [
  {
    title: '妊産婦の急変に気づいたとき、最初に行う対応として最も適切なものはどれですか。',
    inputType: 1,
    choices: [
      ['応援を呼び、一次評価（気道・呼吸・循環・意識）を行う', true],
      ['直ちに帝王切開の準備を始める', false],
      ['検査結果がそろうまで経過を観察する', false],
    ],
  },
  {
    title: '妊産婦の心肺蘇生で行うものをすべて選んでください。',
    inputType: 0,
    choices: [
      ['用手的子宮左方移動', true],
      ['質の高い胸骨圧迫', true],
      ['仰臥位のまま子宮を右へ寄せる', false],
    ],
  },
  {
    title: 'ショックインデックス（SI）の求め方として正しいものはどれですか。',
    inputType: 1,
    choices: [
      ['収縮期血圧 ÷ 心拍数', false],
      ['心拍数 ÷ 収縮期血圧', true],
      ['拡張期血圧 ÷ 心拍数', false],
    ],
  },
];

/** The renewal course's videos (lessons of kind 'renewal') and its course-renewal test (quiz of kind 'renewal'). */
export async function seedRenewalCourse(db: Executor, courseId: number) {
  await db
    .insert(lessons)
    .values(RENEWAL_VIDEOS.map((v, i) => ({ courseId, kind: 'renewal', ...v, sortOrder: i + 1 })));
  const [quiz] = await db
    .insert(quizzes)
    .values({ courseId, kind: 'renewal', title: '更新テスト' })
    .returning({ id: quizzes.id });
  if (!quiz) throw new Error('renewal test not inserted');
  for (const [i, q] of RENEWAL_TEST.entries()) {
    const [question] = await db
      .insert(quizQuestions)
      .values({ quizId: quiz.id, title: q.title, inputType: q.inputType, sortOrder: i + 1 })
      .returning({ id: quizQuestions.id });
    if (!question) throw new Error('renewal question not inserted');
    await db.insert(quizQuestionMetas).values(
      q.choices.map(([label, correct], j) => ({
        questionId: question.id,
        value: String.fromCharCode(97 + j),
        label,
        isCorrect: correct,
        sortOrder: j + 1,
      })),
    );
  }
}

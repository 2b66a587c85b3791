import { eq } from 'drizzle-orm';
import { addCourse } from '../../modules/catalogue/index.ts';
import type { Executor } from '../client.ts';
import { courses, videoPreviews } from '../schema.ts';

export type CourseSlug = 'basic' | 'basic-instructor' | 'instructor' | 'advance' | 'renewal';
export type CourseIds = Readonly<Record<CourseSlug, number>>;

type CourseSeed = {
  slug: CourseSlug;
  name: string;
  /** Short name used in session titles. */
  titleName: string;
  description: string;
  duration: string;
  participant: string;
  resource: string;
  certificationStandard: string;
  certificationPeriod: number | null;
  certificationRenew: string;
  memo: string;
  price: number;
  sortOrder: number;
  certificatePrefix: string;
  isRenewal: boolean;
  introVideo: string | null;
  /** Preview videos: names; the demo plays its short local files for them (the machine is offline). */
  previews: ReadonlyArray<{ name: string }>;
};

export const COURSE_SEEDS: readonly CourseSeed[] = [
  {
    slug: 'basic',
    name: 'ベーシックコース',
    titleName: 'ベーシックコース',
    description:
      '妊産婦の急変に遭遇したとき、その場に居合わせた医療者がチームとして初期対応を行い、高次施設への搬送や専門医の到着までをつなげることを目指すコースです。\n' +
      '母体急変時の初期評価（一次評価・二次評価）、産科危機的出血への対応、妊産婦の心肺蘇生などを、講義と少人数のシミュレーション実習を通して学びます。',
    duration: '約5時間（9:00〜15:00、昼休憩を含む）',
    participant:
      '医師（産婦人科、救急科、麻酔科、初期研修医など）、助産師、看護師、准看護師、救急救命士、医学生・助産学生・看護学生など、妊産婦の診療やケアに携わるすべての方',
    resource: '公式テキスト（当日配布）、事前学習動画（約60分）、事前テスト',
    certificationStandard:
      '全プログラムへの出席、事後テストの全問正解、アンケートへの回答をもって修了とし、修了証を発行します。',
    certificationPeriod: 5,
    certificationRenew:
      '修了証の有効期間は発行日から5年間です。有効期間が満了した後は、ベーシックコースを再度受講してください。',
    memo: '当日は動きやすい服装でお越しください。昼食は各自でご用意ください。\n事前学習動画の視聴と事前テストは、講習会の前日までに完了してください。',
    price: 3300,
    sortOrder: 1,
    certificatePrefix: 'B',
    isRenewal: false,
    introVideo: '/media/lessons/lesson-1.webm',
    previews: [
      { name: '母体急変時の初期対応（一次評価）' },
      { name: '産科危機的出血への対応' },
      { name: '妊産婦の心肺蘇生と死戦期帝王切開' },
    ],
  },
  {
    slug: 'basic-instructor',
    name: 'ベーシックインストラクターコース',
    titleName: 'ベーシックインストラクターコース',
    description:
      'ベーシックコースのインストラクターとして、受講者の学びを支える指導技法を身につけるコースです。\n' +
      'シナリオの進め方、デブリーフィング、効果的なフィードバックの方法を、模擬指導を通して実践的に学びます。修了後、所定のアシスタント経験を経てベーシックインストラクターとして認定されます。',
    duration: '約4時間（13:00〜17:00）',
    participant: 'ベーシックコースを修了した医師、助産師、看護師、救急救命士',
    resource: 'ベーシックインストラクターマニュアル、指導用シナリオ集、事前学習動画（約40分）',
    certificationStandard:
      'コース修了後1年以内に、ベーシックコースでのアシスタント経験（医師・救急救命士は1回以上、助産師・看護師は3回以上）を積み、推薦書を添えて認定を申請してください。事務局で確認のうえ認定証を発行します。',
    certificationPeriod: 5,
    certificationRenew:
      '認定期間は5年間です。期間内に3回以上のインストラクター活動実績がある方は、更新コース（動画視聴と確認テスト）により認定を更新できます。',
    memo: 'コース登録料はかかりません。受講料は講習会ごとに異なります。',
    price: 0,
    sortOrder: 3,
    certificatePrefix: 'BI',
    isRenewal: false,
    introVideo: null,
    previews: [{ name: 'インストラクターの役割と心構え' }, { name: 'デブリーフィングの基本' }],
  },
  {
    slug: 'instructor',
    name: 'インストラクターコース',
    titleName: 'インストラクターコース',
    description:
      'ベーシックコースとアドバンスコースを指導し、地域で講習会を企画・運営できるインストラクターを養成するコースです。\n' +
      'シミュレーション教育の理論、コース全体の運営、受講者評価とデブリーフィングを学び、地域の母体救命体制を支える人材を育てます。',
    duration: '約7時間（9:00〜17:00、昼休憩を含む）',
    participant:
      'ベーシックコースまたはベーシックインストラクターコースを修了し、母体救命教育に意欲のある医師、助産師、看護師、救急救命士',
    resource: 'インストラクターマニュアル、コース運営ガイド、事前学習動画（約60分）、事前テスト',
    certificationStandard:
      'コース修了後1年以内に、インストラクター補助として所定の回数（医師・救急救命士は1回以上、助産師・看護師は3回以上）の指導実績を積み、誓約書・推薦書を提出したうえで認定を申請してください。',
    certificationPeriod: 5,
    certificationRenew:
      '認定期間は5年間です。期間内に3回以上のインストラクター活動実績がある方は、更新コースにより認定を更新できます。',
    memo: '受講には指導者としての推薦が必要となる場合があります。詳しくは各講習会の募集要項をご確認ください。',
    price: 5500,
    sortOrder: 4,
    certificatePrefix: 'I',
    isRenewal: false,
    introVideo: null,
    previews: [
      { name: 'シミュレーション教育の理論' },
      { name: 'コースの企画と運営' },
      { name: '受講者評価のポイント' },
    ],
  },
  {
    slug: 'advance',
    name: 'アドバンスコース',
    titleName: 'アドバンスコース',
    description:
      '母体急変時に診断と根本治療を担う医療者を対象に、産科危機的出血、羊水塞栓症、妊産婦の敗血症、脳卒中、肺血栓塞栓症など、母体死亡につながる病態への高度な初期診療とチーム医療を学ぶコースです。\n' +
      '多職種が参加するシミュレーションを通して、リーダーシップとコミュニケーションの実践力を高めます。',
    duration: '約7時間（9:00〜17:00、昼休憩を含む）',
    participant:
      'ベーシックコースを修了した医師、助産師、看護師（産婦人科、救急科、麻酔科、集中治療科の医師を主な対象とします）',
    resource: 'アドバンスコーステキスト、症例シナリオ集、事前学習動画（約90分）、事前テスト',
    certificationStandard:
      '全プログラムへの出席、事後テストの全問正解、アンケートへの回答をもって修了とし、修了証を発行します。',
    certificationPeriod: 3,
    certificationRenew:
      '修了証の有効期間は発行日から3年間です。期間内に2回以上の関連講習会への参加実績がある方は、更新コースにより延長できます。',
    memo: '当日は昼食をご用意いたします。食物アレルギーのある方は、申込時の備考欄にご記入ください。',
    price: 3300,
    sortOrder: 2,
    certificatePrefix: 'A',
    isRenewal: false,
    introVideo: '/media/lessons/lesson-2.webm',
    previews: [{ name: '羊水塞栓症の診断と初期治療' }, { name: '妊産婦の敗血症' }],
  },
  {
    slug: 'renewal',
    name: '更新コース',
    titleName: '認定更新講習',
    description:
      'ベーシックインストラクターおよびインストラクターの認定を更新するためのコースです。\n' +
      '最新の診療指針に基づく改訂点を確認し、これまでの指導経験を振り返りながら指導技能を磨き直します。会場での講習のほか、動画視聴と確認テストによるオンライン更新にも対応しています。',
    duration: '約3時間（13:00〜16:00）',
    participant: '認定期間の満了が近いベーシックインストラクター、インストラクター',
    resource: '更新用動画（約45分）、確認テスト',
    certificationStandard: '更新用動画をすべて視聴し、確認テストに全問正解すると認定が更新されます。',
    certificationPeriod: 5,
    certificationRenew:
      '認定期間が5年の方は期間内に3回以上、3年の方は2回以上のインストラクター活動実績が必要です。更新後の認定期間は5年間です。',
    memo: '更新手続きは認定期間満了日の6か月前から行えます。',
    price: 5500,
    sortOrder: 5,
    certificatePrefix: 'R',
    isRenewal: true,
    introVideo: null,
    previews: [{ name: '診療指針の主な改訂点' }, { name: '指導経験の振り返り' }],
  },
];

export function courseSeed(slug: CourseSlug): CourseSeed {
  const found = COURSE_SEEDS.find((c) => c.slug === slug);
  if (!found) throw new Error(`unknown course ${slug}`);
  return found;
}

export function courseThumbnail(slug: CourseSlug): string {
  return `/media/courses/${slug}.svg`;
}

/** Occupations that may take the instructor-track courses: doctor, midwife, nurse, paramedic. */
const INSTRUCTOR_OCCUPATIONS: readonly number[] = [1, 2, 3, 5];

/** The occupations a course is for (none: every occupation). */
function occupationsOf(slug: CourseSlug): number[] {
  if (slug === 'advance') return [1, 2, 3];
  return slug === 'basic' ? [] : [...INSTRUCTOR_OCCUPATIONS];
}

/** The course conditions by slug: one group of alternatives each (any one suffices). */
function conditionsOf(
  slug: CourseSlug,
  ids: Partial<Record<CourseSlug, number>>,
): Array<Array<{ course_id: number; user_type_id: number | null }>> {
  const id = (s: CourseSlug) => ids[s] ?? 0;
  switch (slug) {
    case 'basic':
      return [];
    case 'basic-instructor':
      return [[{ course_id: id('basic'), user_type_id: 4 }]];
    case 'instructor':
      return [
        [
          { course_id: id('basic'), user_type_id: 4 },
          { course_id: id('basic-instructor'), user_type_id: null },
        ],
      ];
    case 'advance':
      return [[{ course_id: id('basic'), user_type_id: null }]];
    case 'renewal':
      return [
        [
          { course_id: id('basic-instructor'), user_type_id: null },
          { course_id: id('instructor'), user_type_id: null },
        ],
      ];
  }
}

/**
 * The demo courses, created through the office's own `addCourse` (issue 16: whatever the seed makes, the
 * office can make), in order so that each condition names a course that exists. The picture columns
 * the console does not edit yet (the course's thumbnail and intro video, the previews' thumbnails) are
 * set after it.
 */
export async function seedCourses(db: Executor, now: Date): Promise<CourseIds> {
  const ids: Partial<Record<CourseSlug, number>> = {};
  for (const c of COURSE_SEEDS) {
    const id = await addCourse(db, {
      actorId: null,
      now,
      input: {
        name: c.name,
        description: c.description,
        duration: c.duration,
        participant: c.participant,
        resource: c.resource,
        certification_standard: c.certificationStandard,
        certification_period: c.certificationPeriod,
        certification_renew: c.certificationRenew,
        memo: c.memo,
        price: c.price,
        order: c.sortOrder,
        certificate_prefix: c.certificatePrefix,
        is_renewal: c.isRenewal,
        is_active: true,
        occupations: occupationsOf(c.slug),
        course_conditions: conditionsOf(c.slug, ids),
        video_previews: c.previews.map((p, i) => ({
          name: p.name,
          link: `/media/lessons/lesson-${(i % 3) + 1}.webm`,
        })),
      },
    });
    ids[c.slug] = id;
    await db
      .update(courses)
      .set({ thumbnail: courseThumbnail(c.slug), introVideo: c.introVideo })
      .where(eq(courses.id, id));
    await db
      .update(videoPreviews)
      .set({ thumbnail: courseThumbnail(c.slug) })
      .where(eq(videoPreviews.courseId, id));
  }
  return ids as CourseIds;
}

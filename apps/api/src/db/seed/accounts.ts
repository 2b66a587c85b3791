import type { Executor } from '../client.ts';
import { legacyCertificates, legacyHistories, ranks, userRanks, users } from '../schema.ts';
import { addDays, jst } from './dates.ts';
import type { CourseIds } from './courses.ts';

export type DemoAccount = { role: string; email: string; password: string; label: string };

/** One sign-in per role, shown on the login page of the demo. Passwords are half-width alphanumerics. */
export const DEMO_ACCOUNTS: ReadonlyArray<DemoAccount> = [
  { role: 'attendee', email: 'attendee@mels.example.jp', password: 'Demo1234', label: '受講者（助産師）' },
  {
    role: 'assistant',
    email: 'assistant@mels.example.jp',
    password: 'Demo1234',
    label: 'アシスタント（救急救命士）',
  },
  {
    role: 'instructor',
    email: 'instructor@mels.example.jp',
    password: 'Demo1234',
    label: 'インストラクター（産婦人科医）',
  },
  { role: 'office', email: 'office@mels.example.jp', password: 'Demo1234', label: '事務局（管理者）' },
  {
    role: 'bi-candidate',
    email: 'bi-candidate@mels.example.jp',
    password: 'Demo1234',
    label: 'BI認定申請（救急科医師・要件達成）',
  },
  {
    role: 'bi-nurse',
    email: 'bi-nurse@mels.example.jp',
    password: 'Demo1234',
    label: 'BI認定申請（看護師・要件未達）',
  },
  {
    role: 'renewal',
    email: 'renewal@mels.example.jp',
    password: 'Demo1234',
    label: '認定更新（5年認定・要件達成）',
  },
  {
    role: 'renewal-short',
    email: 'renewal-short@mels.example.jp',
    password: 'Demo1234',
    label: '認定更新（3年認定・要件未達）',
  },
];

type UserInsert = typeof users.$inferInsert;
type Profile = Omit<
  UserInsert,
  'id' | 'email' | 'passwordHash' | 'createdAt' | 'updatedAt' | 'privacyAgreedAt'
>;

const PROFILES: Record<string, Profile & { registeredDaysAgo: number }> = {
  attendee: {
    role: 'member',
    lastName: '佐藤',
    firstName: '美咲',
    lastNameKana: 'サトウ',
    firstNameKana: 'ミサキ',
    lastNameAlpha: 'SATO',
    firstNameAlpha: 'MISAKI',
    occupation: 2,
    medicalDepartment: null,
    simulationQualification: 'ICLS',
    locationWork: 'みなと周産期医療センター 産科病棟',
    workAreaId: 13,
    postalCode: '1040044',
    areaId: 13,
    district: '中央区',
    address: '明石町8-2 リバーサイド明石605',
    phone: '03-1234-5678',
    gender: 1,
    birthday: '1993-04-18',
    registeredDaysAgo: 410,
  },
  assistant: {
    role: 'member',
    lastName: '高橋',
    firstName: '健太',
    lastNameKana: 'タカハシ',
    firstNameKana: 'ケンタ',
    lastNameAlpha: 'TAKAHASHI',
    firstNameAlpha: 'KENTA',
    occupation: 5,
    medicalDepartment: null,
    simulationQualification: 'ICLS,JATEC',
    locationWork: '福岡市消防局 博多消防署',
    workAreaId: 40,
    postalCode: '8120054',
    areaId: 40,
    district: '福岡市東区',
    address: '馬出3丁目5-12',
    phone: '092-123-4567',
    gender: 0,
    birthday: '1988-11-02',
    registeredDaysAgo: 480,
  },
  instructor: {
    role: 'member',
    lastName: '中村',
    firstName: '直樹',
    lastNameKana: 'ナカムラ',
    firstNameKana: 'ナオキ',
    lastNameAlpha: 'NAKAMURA',
    firstNameAlpha: 'NAOKI',
    occupation: 1,
    medicalDepartment: 1,
    simulationQualification: 'ICLS,ACLS',
    locationWork: 'なにわ総合医療センター 産婦人科',
    workAreaId: 27,
    postalCode: '5650871',
    areaId: 27,
    district: '吹田市',
    address: '山田丘2-15 グランメゾン千里301',
    phone: '06-1234-5678',
    gender: 0,
    birthday: '1979-07-24',
    registeredDaysAgo: 520,
  },
  office: {
    role: 'office',
    officeRole: 'admin',
    lastName: '山本',
    firstName: '恵子',
    lastNameKana: 'ヤマモト',
    firstNameKana: 'ケイコ',
    lastNameAlpha: 'YAMAMOTO',
    firstNameAlpha: 'KEIKO',
    occupation: 7,
    medicalDepartment: null,
    simulationQualification: 'none',
    locationWork: '日本母体救命システム普及協議会 事務局',
    workAreaId: 13,
    postalCode: '1010062',
    areaId: 13,
    district: '千代田区',
    address: '神田駿河台2丁目3-11 駿河台MSビル4階',
    phone: '03-1234-5678',
    gender: 1,
    birthday: '1985-09-03',
    registeredDaysAgo: 540,
  },
  'bi-candidate': {
    role: 'member',
    lastName: '渡辺',
    firstName: '翔',
    lastNameKana: 'ワタナベ',
    firstNameKana: 'ショウ',
    lastNameAlpha: 'WATANABE',
    firstNameAlpha: 'SHO',
    occupation: 1,
    medicalDepartment: 3,
    simulationQualification: 'ICLS',
    locationWork: '横浜みなと救命救急センター 救急科',
    workAreaId: 14,
    postalCode: '2310023',
    areaId: 14,
    district: '横浜市中区',
    address: '山下町1-2 ベイサイド山下802',
    phone: '045-123-4567',
    gender: 0,
    birthday: '1986-03-12',
    registeredDaysAgo: 700,
  },
  'bi-nurse': {
    role: 'member',
    lastName: '小松',
    firstName: '由紀',
    lastNameKana: 'コマツ',
    firstNameKana: 'ユキ',
    lastNameAlpha: 'KOMATSU',
    firstNameAlpha: 'YUKI',
    occupation: 3,
    medicalDepartment: null,
    simulationQualification: 'none',
    locationWork: 'さいたま中央病院 産科病棟',
    workAreaId: 11,
    postalCode: '3300063',
    areaId: 11,
    district: 'さいたま市浦和区',
    address: '高砂3-4-5',
    phone: '048-123-4567',
    gender: 1,
    birthday: '1991-08-27',
    registeredDaysAgo: 300,
  },
  renewal: {
    role: 'member',
    lastName: '石井',
    firstName: '健太',
    lastNameKana: 'イシイ',
    firstNameKana: 'ケンタ',
    lastNameAlpha: 'ISHII',
    firstNameAlpha: 'KENTA',
    occupation: 1,
    medicalDepartment: 1,
    simulationQualification: 'ALSO',
    locationWork: '千葉湾岸総合病院 産婦人科',
    workAreaId: 12,
    postalCode: '2600013',
    areaId: 12,
    district: '千葉市中央区',
    address: '中央4-5-6 中央ハイツ305',
    phone: '043-123-4567',
    gender: 0,
    birthday: '1979-05-20',
    registeredDaysAgo: 1900,
  },
  'renewal-short': {
    role: 'member',
    lastName: '松本',
    firstName: '彩',
    lastNameKana: 'マツモト',
    firstNameKana: 'アヤ',
    lastNameAlpha: 'MATSUMOTO',
    firstNameAlpha: 'AYA',
    occupation: 2,
    medicalDepartment: null,
    simulationQualification: 'NCPR',
    locationWork: 'ふなばし母子医療センター 産科病棟',
    workAreaId: 12,
    postalCode: '2730005',
    areaId: 12,
    district: '船橋市',
    address: '本町2-7-8',
    phone: '047-123-4567',
    gender: 1,
    birthday: '1987-11-02',
    registeredDaysAgo: 1200,
  },
};

export const RANKS = [
  { shortName: 'BI', name: 'ベーシックインストラクター', level: 1 },
  { shortName: 'I', name: 'インストラクター', level: 2 },
  { shortName: 'D', name: 'ディレクター', level: 3 },
  { shortName: 'SD', name: 'シニアディレクター', level: 4 },
] as const;

export type DemoUserIds = Readonly<Record<string, number>>;

/** The four demo accounts (hashes made by the caller, one per account), their ranks and legacy records. */
export async function seedAccounts(
  db: Executor,
  hashes: ReadonlyMap<string, string>,
  courseIds: CourseIds,
  today: string,
): Promise<DemoUserIds> {
  const rows = DEMO_ACCOUNTS.map((account) => {
    const profile = PROFILES[account.role];
    const hash = hashes.get(account.role);
    if (!profile || !hash) throw new Error(`no profile for demo role ${account.role}`);
    const { registeredDaysAgo, ...fields } = profile;
    const registered = jst(addDays(today, -registeredDaysAgo), '21:14');
    return {
      ...fields,
      email: account.email,
      passwordHash: hash,
      isActive: true,
      privacyAgreedAt: registered,
      createdAt: registered,
      updatedAt: jst(addDays(today, -Math.floor(registeredDaysAgo / 3)), '08:40'),
    };
  });
  const inserted = await db.insert(users).values(rows).returning({ id: users.id });
  const ids = Object.fromEntries(DEMO_ACCOUNTS.map((a, i) => [a.role, inserted[i]?.id ?? 0]));
  const attendee = ids.attendee ?? 0;
  const instructor = ids.instructor ?? 0;

  const rankRows = await db
    .insert(ranks)
    .values(RANKS.map((r) => ({ ...r })))
    .returning({ id: ranks.id, level: ranks.level });
  const rankId = (level: number) => rankRows.find((r) => r.level === level)?.id ?? 0;
  await db.insert(userRanks).values([
    { userId: instructor, rankId: rankId(1), grantedAt: jst(addDays(today, -1650), '10:00') },
    { userId: instructor, rankId: rankId(2), grantedAt: jst(addDays(today, -780), '10:00') },
  ]);

  // What the older system recorded for the attendee (my-page shows the last three).
  const histories = [
    { courseName: 'ベーシックコース', days: 1660, userTypeName: '受講者' },
    { courseName: 'ベーシックコース', days: 1120, userTypeName: '見学者' },
    { courseName: 'アドバンスコース', days: 760, userTypeName: '受講者' },
    { courseName: 'ベーシックコース', days: 560, userTypeName: 'アシスタント' },
  ];
  await db.insert(legacyHistories).values(
    histories.map((h) => ({
      userId: attendee,
      courseName: h.courseName,
      participatedDate: addDays(today, -h.days),
      userTypeName: h.userTypeName,
    })),
  );

  // Certificates of the older system, waiting to be claimed by code (データ移行).
  const year = (days: number) => addDays(today, -days).slice(0, 4);
  const attendeeBasic = addDays(today, -1660);
  const instructorBi = addDays(today, -1700);
  await db.insert(legacyCertificates).values([
    {
      courseId: courseIds.basic,
      attendanceCode: `A${year(1660)}-000123`,
      certificateCode: null,
      holderName: '佐藤 美咲',
      email: 'attendee@mels.example.jp',
      participatedDate: attendeeBasic,
    },
    {
      courseId: courseIds['basic-instructor'],
      attendanceCode: `A${year(1700)}-000087`,
      certificateCode: `BI${year(1700)}-000042`,
      holderName: '中村 直樹',
      email: 'instructor@mels.example.jp',
      participatedDate: instructorBi,
    },
    {
      courseId: courseIds.basic,
      attendanceCode: `A${year(1400)}-000318`,
      certificateCode: `B${year(1400)}-004512`,
      holderName: '田中 由美',
      email: 'tanaka.yumi@example.jp',
      participatedDate: addDays(today, -1400),
    },
    {
      courseId: courseIds.basic,
      attendanceCode: `A${year(980)}-000951`,
      certificateCode: null,
      holderName: '伊藤 翔太',
      email: 'ito.shota@example.jp',
      participatedDate: addDays(today, -980),
    },
    {
      courseId: courseIds.basic,
      attendanceCode: null,
      certificateCode: `B${year(1210)}-003377`,
      holderName: '小林 舞',
      email: 'kobayashi.mai@example.jp',
      participatedDate: addDays(today, -1210),
    },
  ]);
  return ids;
}

import type { users } from '../schema.ts';
import { PREFECTURES, type Prefecture } from './areas.ts';
import { addDays, jst } from './dates.ts';
import { streetAddress } from './hosts.ts';
import type { Rng } from './random.ts';

type Name = readonly [kanji: string, kana: string, alpha: string];

const FAMILY: readonly Name[] = [
  ['佐藤', 'サトウ', 'SATO'],
  ['鈴木', 'スズキ', 'SUZUKI'],
  ['高橋', 'タカハシ', 'TAKAHASHI'],
  ['田中', 'タナカ', 'TANAKA'],
  ['伊藤', 'イトウ', 'ITO'],
  ['渡辺', 'ワタナベ', 'WATANABE'],
  ['山本', 'ヤマモト', 'YAMAMOTO'],
  ['中村', 'ナカムラ', 'NAKAMURA'],
  ['小林', 'コバヤシ', 'KOBAYASHI'],
  ['加藤', 'カトウ', 'KATO'],
  ['吉田', 'ヨシダ', 'YOSHIDA'],
  ['山田', 'ヤマダ', 'YAMADA'],
  ['佐々木', 'ササキ', 'SASAKI'],
  ['山口', 'ヤマグチ', 'YAMAGUCHI'],
  ['松本', 'マツモト', 'MATSUMOTO'],
  ['井上', 'イノウエ', 'INOUE'],
  ['木村', 'キムラ', 'KIMURA'],
  ['林', 'ハヤシ', 'HAYASHI'],
  ['斎藤', 'サイトウ', 'SAITO'],
  ['清水', 'シミズ', 'SHIMIZU'],
  ['山崎', 'ヤマザキ', 'YAMAZAKI'],
  ['森', 'モリ', 'MORI'],
  ['池田', 'イケダ', 'IKEDA'],
  ['橋本', 'ハシモト', 'HASHIMOTO'],
  ['阿部', 'アベ', 'ABE'],
  ['石川', 'イシカワ', 'ISHIKAWA'],
  ['山下', 'ヤマシタ', 'YAMASHITA'],
  ['中島', 'ナカジマ', 'NAKAJIMA'],
  ['石井', 'イシイ', 'ISHII'],
  ['小川', 'オガワ', 'OGAWA'],
  ['前田', 'マエダ', 'MAEDA'],
  ['岡田', 'オカダ', 'OKADA'],
  ['長谷川', 'ハセガワ', 'HASEGAWA'],
  ['藤田', 'フジタ', 'FUJITA'],
  ['後藤', 'ゴトウ', 'GOTO'],
  ['近藤', 'コンドウ', 'KONDO'],
  ['村上', 'ムラカミ', 'MURAKAMI'],
  ['遠藤', 'エンドウ', 'ENDO'],
  ['青木', 'アオキ', 'AOKI'],
  ['坂本', 'サカモト', 'SAKAMOTO'],
];

const GIVEN_FEMALE: readonly Name[] = [
  ['美咲', 'ミサキ', 'MISAKI'],
  ['陽子', 'ヨウコ', 'YOKO'],
  ['由美', 'ユミ', 'YUMI'],
  ['恵', 'メグミ', 'MEGUMI'],
  ['彩', 'アヤ', 'AYA'],
  ['真由美', 'マユミ', 'MAYUMI'],
  ['裕子', 'ユウコ', 'YUKO'],
  ['智子', 'トモコ', 'TOMOKO'],
  ['麻衣', 'マイ', 'MAI'],
  ['奈々', 'ナナ', 'NANA'],
  ['千尋', 'チヒロ', 'CHIHIRO'],
  ['香織', 'カオリ', 'KAORI'],
  ['愛', 'アイ', 'AI'],
  ['早紀', 'サキ', 'SAKI'],
  ['理恵', 'リエ', 'RIE'],
  ['沙織', 'サオリ', 'SAORI'],
  ['明日香', 'アスカ', 'ASUKA'],
  ['直美', 'ナオミ', 'NAOMI'],
  ['綾乃', 'アヤノ', 'AYANO'],
  ['友美', 'トモミ', 'TOMOMI'],
  ['遥', 'ハルカ', 'HARUKA'],
  ['春菜', 'ハルナ', 'HARUNA'],
  ['美穂', 'ミホ', 'MIHO'],
  ['亜希子', 'アキコ', 'AKIKO'],
];

const GIVEN_MALE: readonly Name[] = [
  ['翔太', 'ショウタ', 'SHOTA'],
  ['大輔', 'ダイスケ', 'DAISUKE'],
  ['健太', 'ケンタ', 'KENTA'],
  ['拓也', 'タクヤ', 'TAKUYA'],
  ['直樹', 'ナオキ', 'NAOKI'],
  ['誠', 'マコト', 'MAKOTO'],
  ['隆', 'タカシ', 'TAKASHI'],
  ['浩二', 'コウジ', 'KOJI'],
  ['亮', 'リョウ', 'RYO'],
  ['翼', 'ツバサ', 'TSUBASA'],
  ['和也', 'カズヤ', 'KAZUYA'],
  ['哲也', 'テツヤ', 'TETSUYA'],
  ['達也', 'タツヤ', 'TATSUYA'],
  ['雄一', 'ユウイチ', 'YUICHI'],
  ['大樹', 'ダイキ', 'DAIKI'],
  ['悠斗', 'ユウト', 'YUTO'],
  ['剛', 'ツヨシ', 'TSUYOSHI'],
  ['修', 'オサム', 'OSAMU'],
  ['慎也', 'シンヤ', 'SHINYA'],
  ['康介', 'コウスケ', 'KOSUKE'],
];

/** Occupation ids with their share among members, and how many of them are women. */
const OCCUPATION_MIX: ReadonlyArray<readonly [number, number]> = [
  [3, 36],
  [2, 27],
  [1, 21],
  [5, 8],
  [4, 3],
  [6, 3],
  [7, 2],
];
const FEMALE_SHARE: Readonly<Record<number, number>> = {
  1: 0.4,
  2: 1,
  3: 0.92,
  4: 0.9,
  5: 0.1,
  6: 0.75,
  7: 0.6,
};

const DEPARTMENTS: ReadonlyArray<readonly [number, number]> = [
  [1, 40],
  [2, 15],
  [3, 12],
  [4, 12],
  [5, 5],
  [6, 10],
  [7, 6],
];

const QUALIFICATIONS: ReadonlyArray<readonly [string, number]> = [
  ['none', 50],
  ['ICLS', 25],
  ['ICLS,ACLS', 10],
  ['ACLS', 6],
  ['ICLS,JATEC', 5],
  ['JATEC', 4],
];

const PREF_WEIGHTS = PREFECTURES.map((p) => [p, p.population] as const);

function fireDepartment(pref: Prefecture, district: string, label: string): string {
  if (pref.id === 13) return `東京消防庁 ${label}消防署`;
  const city = /^(.+?市)/.exec(district)?.[1];
  return city ? `${city}消防局` : `${label}地区消防本部`;
}

function workplace(rng: Rng, pref: Prefecture, occupation: number): string {
  const city = rng.pick(pref.cities);
  switch (occupation) {
    case 5:
      return fireDepartment(pref, city.district, city.label);
    case 6:
      return rng.pick([
        `${pref.university} 医学部`,
        `${pref.university} 医学部 保健学科`,
        `${pref.name}立看護専門学校`,
      ]);
    default:
      return rng.weighted([
        [`${pref.university}医学部附属病院 ${occupation === 1 ? '産科婦人科' : '周産期母子医療センター'}`, 3],
        [`${city.label}総合医療センター`, 3],
        [`${city.label}中央病院`, 2],
        [`${city.label}レディースクリニック`, 2],
        [`${rng.pick(FAMILY)[0]}産婦人科医院`, 1],
      ]);
  }
}

type UserInsert = typeof users.$inferInsert;

/** A plausible member: names in kanji, katakana and capitals, an occupation, a workplace and an address. */
export function makeMember(
  rng: Rng,
  id: number,
  email: string,
  passwordHash: string,
  today: string,
): UserInsert {
  const occupation = rng.weighted(OCCUPATION_MIX);
  const female = rng.chance(FEMALE_SHARE[occupation] ?? 0.5);
  const family = rng.pick(FAMILY);
  const given = rng.pick(female ? GIVEN_FEMALE : GIVEN_MALE);
  const pref = rng.weighted(PREF_WEIGHTS);
  const home = rng.chance(0.9) ? pref : rng.pick(PREFECTURES);
  const city = rng.pick(home.cities);
  const { postalCode, line } = streetAddress(rng, home, city);
  const birthYear = occupation === 6 ? rng.int(1998, 2005) : rng.int(1962, 2000);
  const registered = addDays(today, -rng.int(0, 700));
  const at = jst(
    registered,
    `${String(rng.int(7, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`,
  );
  return {
    id,
    email,
    passwordHash,
    role: 'member',
    lastName: family[0],
    firstName: given[0],
    lastNameKana: family[1],
    firstNameKana: given[1],
    lastNameAlpha: family[2],
    firstNameAlpha: given[2],
    occupation,
    medicalDepartment: occupation === 1 ? rng.weighted(DEPARTMENTS) : null,
    simulationQualification:
      occupation === 1 || occupation === 5 ? rng.weighted(QUALIFICATIONS) : rng.chance(0.8) ? 'none' : 'ICLS',
    locationWork: workplace(rng, pref, occupation),
    workAreaId: pref.id,
    postalCode,
    areaId: home.id,
    district: city.district,
    address: line,
    phone: `0${rng.pick(['70', '80', '90'])}-${rng.digits(4)}-${rng.digits(4)}`,
    gender: female ? 1 : 0,
    birthday: `${birthYear}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    isActive: true,
    privacyAgreedAt: at,
    createdAt: at,
    updatedAt: at,
  };
}

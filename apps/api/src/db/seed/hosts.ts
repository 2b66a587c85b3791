import type { Executor } from '../client.ts';
import { LOCAL_HOLDING_STATUS } from '@mels/domain';
import { hostAccountValues } from '../../modules/local-holdings/local-holdings.repository.ts';
import { localHoldings, users } from '../schema.ts';
import { TOWNS, type City, type Prefecture } from './areas.ts';
import { jst, addDays, today } from './dates.ts';
import { createRng, deriveSeed, type Rng } from './random.ts';

export type Venue = { name: string; address: string; city: City };

/** A plausible street address in a city: '〒060-0042 北海道札幌市中央区大手町2丁目8-14'. */
export function streetAddress(rng: Rng, pref: Prefecture, city: City): { postalCode: string; line: string } {
  const postalCode = `${city.postal}${rng.digits(4)}`;
  const line = `${rng.pick(TOWNS)}${rng.int(1, 5)}丁目${rng.int(1, 30)}-${rng.int(1, 20)}`;
  return { postalCode, line };
}

export function formatPostal(code: string): string {
  return `〒${code.slice(0, 3)}-${code.slice(3)}`;
}

/**
 * The venues of a prefecture. They depend only on the prefecture (not on the run's seed), so the same
 * venue keeps its address in every session and in later scale runs.
 */
export function venuesFor(pref: Prefecture): readonly Venue[] {
  const rng = createRng(deriveSeed(pref.id, 'venues'));
  const main = pref.cities[0];
  if (!main) throw new Error(`no city for ${pref.name}`);
  const make = (name: string, city: City): Venue => {
    const { postalCode, line } = streetAddress(rng, pref, city);
    return { name, address: `${formatPostal(postalCode)} ${pref.name}${city.district}${line}`, city };
  };
  const venues = [
    make(`${pref.university} 医学部 クリニカルシミュレーションセンター`, main),
    make(`${pref.name}医師会館 大会議室`, main),
    make(`${pref.name}看護協会 看護研修センター`, pref.cities[1] ?? main),
  ];
  for (const city of pref.cities.slice(1)) {
    venues.push(make(`${city.label}総合医療センター 研修棟`, city));
  }
  return venues;
}

export function sponsorsFor(pref: Prefecture): ReadonlyArray<readonly [string, number]> {
  return [
    [`${pref.short}母体救命研究会`, 5],
    [`${pref.name}産婦人科医会`, 3],
    [`${pref.university} 産科婦人科学教室`, 3],
    [`${pref.name}助産師会`, 1],
    [`${pref.name}看護協会`, 1],
  ];
}

/** Host organisations that registered through /seminar-register. */
export const LOCAL_HOLDINGS = [
  {
    organization: '湘南周産期医療ネットワーク',
    areaId: 14,
    secretariatName: '藤沢 恵美',
    secretariatAddress: '〒251-0052 神奈川県藤沢市藤沢2丁目1-4',
    secretariatPhone: '0466-21-3310',
    secretariatEmail: 'office@shonan-perinatal.example.jp',
    status: 1,
  },
  {
    organization: '北摂母体救命研究会',
    areaId: 27,
    secretariatName: '高槻 直子',
    secretariatAddress: '〒569-0803 大阪府高槻市高槻町12-8',
    secretariatPhone: '072-681-5520',
    secretariatEmail: 'jimukyoku@hokusetsu-mels.example.jp',
    status: 1,
  },
  {
    organization: '筑後地域周産期連携協議会',
    areaId: 40,
    secretariatName: '久留米 浩二',
    secretariatAddress: '〒830-0022 福岡県久留米市城南町15-6',
    secretariatPhone: '0942-31-7788',
    secretariatEmail: 'info@chikugo-perinatal.example.jp',
    status: 1,
  },
  {
    organization: '道北母子医療ネットワーク',
    areaId: 1,
    secretariatName: '旭 真理子',
    secretariatAddress: '〒070-0030 北海道旭川市宮下通10丁目3-5',
    secretariatPhone: '0166-65-2111',
    secretariatEmail: 'secretariat@dohoku-mch.example.jp',
    status: 1,
  },
  {
    organization: '信州母体救命の会',
    areaId: 20,
    secretariatName: '松本 由香',
    secretariatAddress: '〒390-0811 長野県松本市中央3丁目5-10',
    secretariatPhone: '0263-33-4120',
    secretariatEmail: 'shinshu.mels@example.jp',
    status: 0,
  },
] as const;

export type LocalHoldingRef = { id: number; organization: string; areaId: number };

export async function seedLocalHoldings(
  db: Executor,
  passwordHash: string,
  now: Date,
): Promise<LocalHoldingRef[]> {
  const day = today(now);
  const rows = LOCAL_HOLDINGS.map((h, i) => ({
    organization: h.organization,
    secretariatName: h.secretariatName,
    secretariatAddress: h.secretariatAddress,
    secretariatPhone: h.secretariatPhone,
    secretariatEmail: h.secretariatEmail,
    passwordHash,
    status: h.status,
    createdAt: jst(addDays(day, -720 + i * 97), '10:15'),
    decidedAt: h.status === 0 ? null : jst(addDays(day, -715 + i * 97), '14:30'),
  }));
  const inserted = await db.insert(localHoldings).values(rows).returning();
  // An approved holding has its host account (decision 041): it signs in with the registered email and password.
  const approved = inserted.filter((h) => h.status === LOCAL_HOLDING_STATUS.approved);
  if (approved.length > 0)
    await db.insert(users).values(approved.map((h) => hostAccountValues(h, h.decidedAt ?? h.createdAt)));
  return LOCAL_HOLDINGS.flatMap((h, i) => {
    const id = inserted[i]?.id;
    return id !== undefined && h.status === 1 ? [{ id, organization: h.organization, areaId: h.areaId }] : [];
  });
}

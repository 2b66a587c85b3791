import type { Executor } from '../client.ts';
import { areas, userTypes } from '../schema.ts';
import { PREFECTURES } from './areas.ts';

export const USER_TYPE_ROWS = [
  { id: 1, type: 'インストラクター', typeEn: 'Instructor' },
  { id: 2, type: 'アシスタント', typeEn: 'Assistant' },
  { id: 3, type: '見学者', typeEn: 'Observer' },
  { id: 4, type: '受講者', typeEn: 'Attendee' },
  { id: 5, type: 'その他', typeEn: 'Other' },
] as const;

/** Prefectures (id = JIS code) and the five user types. */
export async function seedReference(db: Executor): Promise<void> {
  await db
    .insert(areas)
    .values(PREFECTURES.map((p) => ({ id: p.id, name: p.name, nameEn: p.nameEn, region: p.region })));
  await db.insert(userTypes).values(USER_TYPE_ROWS.map((u) => ({ ...u })));
}

import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userTypes } from '../../db/schema.ts';

export function listUserTypes(db: Executor) {
  return db
    .select({ id: userTypes.id, type: userTypes.type, type_en: userTypes.typeEn })
    .from(userTypes)
    .orderBy(asc(userTypes.id));
}

import type { Executor } from '../../db/client.ts';
import { contacts } from '../../db/schema.ts';

export type NewContact = {
  clientName: string;
  locationWork: string;
  clientEmail: string;
  subject: string;
  content: string;
};

export async function insertContact(db: Executor, contact: NewContact): Promise<number> {
  const [row] = await db.insert(contacts).values(contact).returning({ id: contacts.id });
  if (!row) throw new Error('contact insert returned no row');
  return row.id;
}

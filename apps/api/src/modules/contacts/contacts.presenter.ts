import type { ContactDetail, ContactEntry, ContactStatus, ContactSummary } from '@mels/domain';
import type { ContactRow, EntryRow } from './contacts.repository.ts';

const person = (id: number | null, last: string | null, first: string | null) =>
  id === null ? null : { id, name: `${last ?? ''} ${first ?? ''}`.trim() };

export function presentContactSummary(row: ContactRow): ContactSummary {
  return {
    id: row.id,
    client_name: row.clientName,
    client_email: row.clientEmail,
    location_work: row.locationWork,
    subject: row.subject,
    status: row.status as ContactStatus,
    assignee: person(row.assigneeId, row.assigneeLastName, row.assigneeFirstName),
    language: row.language === 'en' ? 'en' : 'ja',
    replies: Number(row.replies),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentEntry(row: EntryRow): ContactEntry {
  return {
    id: row.id,
    kind: row.kind === 'reply' ? 'reply' : 'note',
    body: row.body,
    author: person(row.authorId, row.authorLastName, row.authorFirstName),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentContactDetail(row: ContactRow, entries: EntryRow[]): ContactDetail {
  return { ...presentContactSummary(row), content: row.content, entries: entries.map(presentEntry) };
}

export const presentStaff = (rows: Array<{ id: number; lastName: string; firstName: string }>) =>
  rows.map((r) => ({ id: r.id, name: `${r.lastName} ${r.firstName}`.trim() }));

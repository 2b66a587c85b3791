import { K, paginate, type ContactEntryInput, type ContactPatch, type ContactsQuery } from '@mels/domain';
import { fieldError, notFound } from '../../lib/errors.ts';
import { mailSite } from '../../lib/mail-templates/layout.ts';
import type { Deps } from '../../plugins/deps.ts';
import { contactReplyMail } from './contacts.mails.ts';
import {
  presentContactDetail,
  presentContactSummary,
  presentEntry,
  presentStaff,
} from './contacts.presenter.ts';
import {
  findContact,
  findEntry,
  insertEntry,
  isStaff,
  listContacts,
  listEntries,
  listStaff,
  lockContact,
  updateContact,
  writeContactAudit,
} from './contacts.repository.ts';

type Db = Pick<Deps, 'db'>;

/** The office's list of contact messages (decision 032). */
export async function officeContacts(deps: Db, query: ContactsQuery) {
  const { rows, total } = await listContacts(deps.db, query);
  return { data: rows.map(presentContactSummary), pagination: paginate(query.page, query.limit, total) };
}

export async function officeContact(deps: Db, id: number) {
  const row = await findContact(deps.db, id);
  if (!row) throw notFound();
  return presentContactDetail(row, await listEntries(deps.db, id));
}

export async function officeStaff(deps: Db) {
  return presentStaff(await listStaff(deps.db));
}

/** Status and/or assignee (an office user), under the row's lock, audited with before and after. */
export async function changeContact(
  deps: Db,
  input: { id: number; patch: ContactPatch; actorId: number; now: Date },
) {
  const { patch } = input;
  await deps.db.transaction(async (tx) => {
    const before = await lockContact(tx, input.id);
    if (!before) throw notFound();
    if (typeof patch.assignee_id === 'number' && !(await isStaff(tx, patch.assignee_id)))
      throw fieldError('assignee_id', K.office.inbox.errors.assigneeNotStaff);
    await updateContact(tx, {
      id: input.id,
      ...(patch.status === undefined ? {} : { status: patch.status }),
      ...(patch.assignee_id === undefined ? {} : { assigneeId: patch.assignee_id }),
      now: input.now,
    });
    await writeContactAudit(tx, {
      actorUserId: input.actorId,
      action: 'contact.update',
      contactId: input.id,
      data: {
        before: { status: before.status, assignee_id: before.assigneeId },
        after: {
          status: patch.status ?? before.status,
          assignee_id: patch.assignee_id === undefined ? before.assigneeId : patch.assignee_id,
        },
      },
      now: input.now,
    });
  });
  return officeContact(deps, input.id);
}

/** An internal note in the thread (never mailed). */
export async function addContactNote(
  deps: Db,
  input: { id: number; note: ContactEntryInput; actorId: number; now: Date },
) {
  const entryId = await deps.db.transaction(async (tx) => {
    const contact = await lockContact(tx, input.id);
    if (!contact) throw notFound();
    const id = await insertEntry(tx, {
      contactId: input.id,
      kind: 'note',
      authorId: input.actorId,
      body: input.note.body,
      now: input.now,
    });
    await updateContact(tx, { id: input.id, now: input.now });
    await writeContactAudit(tx, {
      actorUserId: input.actorId,
      action: 'contact.note',
      contactId: input.id,
      data: { entry_id: id },
      now: input.now,
    });
    return id;
  });
  const entry = await findEntry(deps.db, entryId);
  if (!entry) throw notFound();
  return presentEntry(entry);
}

/**
 * A reply: kept in the thread and the message marked answered in one transaction (audited), then mailed
 * to the sender in the message's language. The mailer records it in the outbox first, so a delivery
 * failure is seen (and can be resent) there.
 */
export async function replyToContact(
  deps: Pick<Deps, 'db' | 'mailer' | 'config'>,
  input: { id: number; reply: ContactEntryInput; actorId: number; now: Date },
) {
  const entryId = await deps.db.transaction(async (tx) => {
    const contact = await lockContact(tx, input.id);
    if (!contact) throw notFound();
    const id = await insertEntry(tx, {
      contactId: input.id,
      kind: 'reply',
      authorId: input.actorId,
      body: input.reply.body,
      now: input.now,
    });
    await updateContact(tx, { id: input.id, status: 'answered', now: input.now });
    await writeContactAudit(tx, {
      actorUserId: input.actorId,
      action: 'contact.reply',
      contactId: input.id,
      data: { entry_id: id, before: { status: contact.status }, after: { status: 'answered' } },
      now: input.now,
    });
    return id;
  });
  const contact = await findContact(deps.db, input.id);
  const entry = await findEntry(deps.db, entryId);
  if (!contact || !entry) throw notFound();
  await deps.mailer.send(
    contactReplyMail(
      {
        id: contact.id,
        subject: contact.subject,
        to: contact.clientEmail,
        body: input.reply.body,
        language: contact.language === 'en' ? 'en' : 'ja',
      },
      mailSite(deps.config),
    ),
  );
  return presentEntry(entry);
}

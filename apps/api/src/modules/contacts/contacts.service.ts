import { contactSubjectText, type ContactSend, type Language } from '@mels/domain';
import { mailSite } from '../../lib/mail-templates/layout.ts';
import type { Deps } from '../../plugins/deps.ts';
import { acknowledgementMail, officeContactMail, type StoredContact } from './contacts.mails.ts';
import { insertContact } from './contacts.repository.ts';

/**
 * Stores the message (the subject in Japanese, with the description in brackets), then mails the
 * office and the sender. The interface's language is kept: the office's reply is written in it. The mailer keeps every mail in the outbox first, so a delivery failure
 * loses nothing and does not fail the request.
 */
export async function sendContact(
  deps: Pick<Deps, 'db' | 'mailer' | 'config'>,
  input: ContactSend,
  language: Language = 'ja',
) {
  const subjectText = contactSubjectText(input.subject, input.description);
  const id = await insertContact(deps.db, {
    clientName: input.client_name,
    locationWork: input.location_work,
    clientEmail: input.client_email,
    subject: subjectText,
    content: input.content,
    language,
  });
  const contact: StoredContact = { ...input, id, subjectText };
  await deps.mailer.send(officeContactMail(contact, deps.config.officeEmail, mailSite(deps.config)));
  await deps.mailer.send(acknowledgementMail(contact, mailSite(deps.config)));
  return { id };
}

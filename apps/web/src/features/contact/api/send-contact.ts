import type { ContactSend } from '@mels/domain';
import { apiData } from '../../../lib/api-client.ts';

/** POST /api/v1/contacts/send: stores the message, mails the office and acknowledges the sender. */
export function sendContact(body: ContactSend) {
  return apiData<{ id: number }>('/contacts/send', { method: 'POST', body });
}

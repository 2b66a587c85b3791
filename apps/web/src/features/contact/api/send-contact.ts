import { api, type Input } from '@mels/domain';
import { call } from '../../../lib/api-client.ts';

/** POST /api/v1/contacts/send: stores the message, mails the office and acknowledges the sender. */
export function sendContact(body: Input<typeof api.contacts.send>['body']) {
  return call(api.contacts.send, { body });
}

import { idParamSchema } from '../schemas/common.ts';
import {
  contactDetailSchema,
  contactEntrySchema,
  contactNoteSchema,
  contactPatchSchema,
  contactReplySchema,
  contactsQuerySchema,
  contactSummarySchema,
  outboxMailSchema,
  outboxMailSummarySchema,
  outboxQuerySchema,
  outboxResendSchema,
  staffMemberSchema,
} from '../schemas/inbox.ts';
import { z } from 'zod';
import { defineArea } from './define.ts';

export const officeContacts = defineArea('officeContacts', {
  list: { query: contactsQuerySchema, data: contactSummarySchema },
  staff: { data: z.array(staffMemberSchema) },
  detail: { params: idParamSchema, data: contactDetailSchema },
  update: { params: idParamSchema, body: contactPatchSchema, data: contactDetailSchema },
  note: { params: idParamSchema, body: contactNoteSchema, data: contactEntrySchema },
  reply: { params: idParamSchema, body: contactReplySchema, data: contactEntrySchema },
});

export const officeOutbox = defineArea('officeOutbox', {
  list: { query: outboxQuerySchema, data: outboxMailSummarySchema },
  detail: { params: idParamSchema, data: outboxMailSchema },
  resend: { params: idParamSchema, data: outboxResendSchema },
});

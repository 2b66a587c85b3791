import {
  contactSendResponseSchema,
  contactSendSchema,
  localHoldingRegisterResponseSchema,
  localHoldingRegisterSchema,
} from '../schemas/contact.ts';
import { defineArea } from './define.ts';

export const contacts = defineArea('contacts', {
  send: { body: contactSendSchema, data: contactSendResponseSchema.shape.data },
});

export const localHoldings = defineArea('localHoldings', {
  register: { body: localHoldingRegisterSchema, data: localHoldingRegisterResponseSchema.shape.data },
});

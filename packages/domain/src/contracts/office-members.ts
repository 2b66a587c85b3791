import { idParamSchema } from '../schemas/common.ts';
import {
  memberCorrectionSchema,
  memberDetailSchema,
  memberMailSentSchema,
  memberProfileSchema,
  memberReasonSchema,
  membersQuerySchema,
  memberSummarySchema,
} from '../schemas/members.ts';
import { defineArea } from './define.ts';

export const officeMembers = defineArea('officeMembers', {
  list: { query: membersQuerySchema, data: memberSummarySchema },
  detail: { params: idParamSchema, data: memberDetailSchema },
  correct: { params: idParamSchema, body: memberCorrectionSchema(), data: memberProfileSchema },
  passwordReset: { params: idParamSchema, data: memberMailSentSchema },
  registrationMail: { params: idParamSchema, data: memberMailSentSchema },
  deactivate: { params: idParamSchema, body: memberReasonSchema, data: memberProfileSchema },
  reactivate: { params: idParamSchema, body: memberReasonSchema, data: memberProfileSchema },
  exportJson: { params: idParamSchema },
  exportCsv: { params: idParamSchema },
  erase: { params: idParamSchema, body: memberReasonSchema, data: memberProfileSchema },
});

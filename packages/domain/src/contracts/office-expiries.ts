import {
  expiryFilterSchema,
  expiryQuerySchema,
  manualCertificateActionBodySchema,
  manualExtendSchema,
  officeExpirySchema,
  officeRenewalSchema,
} from '../schemas/expiries.ts';
import { idParamSchema } from '../schemas/common.ts';
import { defineArea } from './define.ts';

export const officeExpiries = defineArea('officeExpiries', {
  list: { query: expiryQuerySchema, data: officeExpirySchema },
  csv: { query: expiryFilterSchema },
  renewal: { params: idParamSchema, data: officeRenewalSchema },
  extend: { params: idParamSchema, body: manualCertificateActionBodySchema, data: manualExtendSchema },
});

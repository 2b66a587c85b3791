import { auditEntrySchema, auditFilterSchema, auditQuerySchema } from '../schemas/audit.ts';
import { defineArea } from './define.ts';

export const officeAudit = defineArea('officeAudit', {
  list: { query: auditQuerySchema, data: auditEntrySchema },
  csv: { query: auditFilterSchema },
});

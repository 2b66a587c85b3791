/** The office's audit log (issue 18, decision 033). */
export { registerAudit } from './audit.routes.ts';
export { recordAudit, type AuditEntry } from './audit.repository.ts';

/** Outgoing mail as the office sees it (issue 18, decision 032). */
export { registerOutbox } from './outbox.routes.ts';

/** The certificate renewal module's public functions (through the index only): its routes. */
export { registerRenewals } from './renewals.routes.ts';

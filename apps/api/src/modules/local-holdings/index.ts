/** The local-holdings module's public functions, for the demo seed (through the index only). */
export { setSessionHolding } from './local-holdings.office.service.ts';

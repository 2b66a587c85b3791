/** The office's shop (issue 18, decision 040): its routes. */
export { registerOfficeShop } from './office-shop.routes.ts';

/** The office staff and their roles (issue 18, decision 041). */
export { registerStaff } from './staff.routes.ts';

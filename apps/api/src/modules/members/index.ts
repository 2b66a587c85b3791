/** The office's members (issue 18, decision 042): its routes. */
export { registerMembers } from './members.routes.ts';

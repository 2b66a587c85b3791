/** The ranks module's public functions, for the other modules (issue 14: through the index only). */
export { grantRank, type GrantRankInput } from './ranks.grant.ts';

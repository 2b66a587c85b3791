/**
 * The documents module's public functions, for the other modules (issue 14: through the index only):
 * which of a session's documents a viewer may see, as an SQL condition for the session pages' queries.
 */
export { sessionDocumentVisible } from './documents.repository.ts';

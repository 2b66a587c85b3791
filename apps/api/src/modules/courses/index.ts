/** The courses module's public functions, for the other modules (issue 14: through the index only). */
export { presentDocumentRef } from './courses.presenter.ts';

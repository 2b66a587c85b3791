/** The pledge and the recommendation among a request's documents (kinds of instructor_request_documents). */
import { DOCUMENT_KIND } from './instructor-requests.repository.ts';

export function instructorDocumentsOf<D extends { kind: string }>(docs: readonly D[]) {
  return {
    pledge: docs.find((d) => d.kind === DOCUMENT_KIND.pledge),
    recommendation: docs.find((d) => d.kind === DOCUMENT_KIND.recommendation),
  };
}

import type { AuthUser } from '../../plugins/auth.ts';

export type DocumentAccess = 'public' | 'login' | 'hidden';

/**
 * Who may download a document: a course's documents are public (while the course is shown); a
 * session's documents are for logged-in users. A document attached to nothing is never served.
 */
export function documentAccess(doc: {
  courseId: number | null;
  trainingId: number | null;
  courseActive: boolean | null;
}): DocumentAccess {
  if (doc.trainingId !== null) return 'login';
  if (doc.courseId !== null) return doc.courseActive === false ? 'hidden' : 'public';
  return 'hidden';
}

export function mayDownload(access: DocumentAccess, user: AuthUser | null): boolean {
  return access === 'public' || (access === 'login' && user !== null);
}

import type { AuthUser } from '../../plugins/auth.ts';

/**
 * Who may download a document (decision 020):
 * - `public`: anyone. A course's documents (while the course is shown) and the session documents the
 *   office marked public.
 * - `session`: a session's other documents: the members who hold a place in that session, and the office.
 * - `hidden`: a document of a course no longer shown, or attached to nothing: never served.
 */
export type DocumentAccess = 'public' | 'session' | 'hidden';

export function documentAccess(doc: {
  courseId: number | null;
  trainingId: number | null;
  courseActive: boolean | null;
  isPublic: boolean;
}): DocumentAccess {
  if (doc.trainingId !== null) return doc.isPublic ? 'public' : 'session';
  if (doc.courseId !== null) return doc.courseActive === false ? 'hidden' : 'public';
  return 'hidden';
}

/** Whether the user may download a document of the given access; `enrolled`: holds a place in its session. */
export function mayDownload(access: DocumentAccess, user: AuthUser | null, enrolled: boolean): boolean {
  if (access === 'public') return true;
  if (access === 'hidden' || user === null) return false;
  return user.role === 'office' || enrolled;
}

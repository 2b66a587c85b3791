import { useParams } from 'react-router';
import type { SessionKey } from './api/session-calls.ts';

const MAX_ID = 2147483647;

function validId(n: number, max: number) {
  return Number.isInteger(n) && n >= 1 && n <= max;
}

/** The session and user type of a /session/{id}/{type_id}/… page, or null when the URL is not valid. */
export function useSessionKey(): SessionKey | null {
  const params = useParams();
  const id = Number(params.id);
  const typeId = Number(params.typeId);
  return validId(id, MAX_ID) && validId(typeId, 4) ? { id, typeId } : null;
}

export function sessionPath(k: SessionKey, page?: 'payment' | 'application' | 'agreement' | 'ticket') {
  return `/session/${k.id}/${k.typeId}${page ? `/${page}` : ''}`;
}

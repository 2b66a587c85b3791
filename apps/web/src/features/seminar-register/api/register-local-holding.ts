import type { LocalHoldingRegister } from '@mels/domain';
import { apiData } from '../../../lib/api-client.ts';

/** POST /api/v1/administrators/local_holdings/register: stored as awaiting the office's approval. */
export function registerLocalHolding(body: LocalHoldingRegister) {
  return apiData<{ id: number; status: number }>('/administrators/local_holdings/register', {
    method: 'POST',
    body,
  });
}

import { api, type Input } from '@mels/domain';
import { call } from '../../../lib/api-client.ts';

/** POST /api/v1/administrators/local_holdings/register: stored as awaiting the office's approval. */
export function registerLocalHolding(body: Input<typeof api.localHoldings.register>['body']) {
  return call(api.localHoldings.register, { body });
}

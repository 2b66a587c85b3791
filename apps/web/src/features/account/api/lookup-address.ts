import { api } from '@mels/domain';
import { call } from '../../../lib/api-client.ts';

/** GET /areas/address?postal_code=… (Japan Post data on the server). */
export const lookupAddress = (postalCode: string) =>
  call(api.address.lookup, { query: { postal_code: postalCode } });

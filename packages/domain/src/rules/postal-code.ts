// Its own module, not the cart's: the web's address formatting is on every first visit, and a module is
// bundled whole, so the cart's rules came with it (decision 049).

/** A postal code as written on an address: 5300001 → 530-0001 (anything else as it is). */
export function postalCodeText(value: string): string {
  const digits = value.replace(/[-－\s]/g, '');
  return /^\d{7}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : value;
}

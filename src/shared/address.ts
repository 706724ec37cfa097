import type { ShippingAddress } from './checkout-schemas.js';

/**
 * An address on one line, as the profile's and the original order's `address` field has it
 * (docs/legacy-contract.md): "Acme Ltd, 12 Main St, Unit 4, Burlington, VT 05401, US". The name and phone
 * are not part of it (the profile and the order have their own).
 */
export function addressOneLine(address: Omit<ShippingAddress, 'name' | 'phone'>): string {
  const place = [address.region, address.postalCode].filter(Boolean).join(' ');
  return [address.company, address.line1, address.line2, address.city, place, address.country].filter(Boolean).join(', ');
}

/**
 * An address as a label writes it, a line each (empty parts left out): the receiver, the company, the
 * street, "Burlington, VT 05401", the country.
 */
export function addressLines(address: ShippingAddress): string[] {
  const place = [address.region, address.postalCode].filter(Boolean).join(' ');
  return [address.name, address.company, address.line1, address.line2, [address.city, place].filter(Boolean).join(', '), address.country].filter(Boolean);
}

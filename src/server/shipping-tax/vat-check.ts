/**
 * A buyer's VAT ID, checked: always its country's format and check digits (src/shared/vat-id.ts); with
 * VAT_CHECK=vies also the EU's VIES service, over its REST protocol
 * (POST {VIES_URL}/check-vat-number `{ countryCode, vatNumber }` → `{ valid }`), within 5 seconds.
 */
import { checkoutMessages } from '../../shared/messages.js';
import { parseVatId, type VatId } from '../../shared/vat-id.js';
import type { CheckoutConfig } from '../config.js';
import { badRequest, HttpError } from '../http/errors.js';

const VIES_TIMEOUT_MS = 5000;

/** The VAT ID if it passes; 400 (on `vatId`) when it is mistyped or VIES says it is not registered, 503 when VIES cannot answer. */
export async function checkedVatId(vatCheck: CheckoutConfig['vatCheck'], text: string): Promise<VatId> {
  const vatId = parseVatId(text);
  if (!vatId) throw badRequest(checkoutMessages.vatIdInvalid, { vatId: checkoutMessages.vatIdInvalid });
  if (vatCheck.kind === 'vies' && !(await registeredInVies(vatCheck.url, vatId))) {
    throw badRequest(checkoutMessages.vatIdRejectedByVies, { vatId: checkoutMessages.vatIdRejectedByVies });
  }
  return vatId;
}

async function registeredInVies(url: string, vatId: VatId): Promise<boolean> {
  try {
    const response = await fetch(`${url}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: vatId.prefix, vatNumber: vatId.number }),
      signal: AbortSignal.timeout(VIES_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`VIES answered ${response.status}`);
    const answer = (await response.json()) as { valid?: unknown };
    if (typeof answer.valid !== 'boolean') throw new Error('VIES answered without `valid`');
    return answer.valid;
  } catch {
    throw new HttpError(503, 'vies_unavailable', checkoutMessages.viesUnavailable);
  }
}

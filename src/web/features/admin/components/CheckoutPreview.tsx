import { useState } from 'react';
import type { ShippingConfig, TaxRate } from '../../../../shared/checkout-schemas.js';
import { destinationSchema } from '../../../../shared/checkout-schemas.js';
import { previewLines } from '../../../../shared/checkout-preview.js';
import { checkoutMessages } from '../../../../shared/messages.js';
import { dollarsToCents } from '../../../../shared/money.js';
import { Field } from '../../../components/Field.js';

const text = checkoutMessages.admin;

/** "A 3 kg order to 05401, US-VT: Ground $11.00, tax $0.66", worked out by the quote's own rules on the tables being edited. */
export function CheckoutPreview({ shipping, rates }: { shipping: ShippingConfig | null; rates: readonly TaxRate[] | null }) {
  const [kg, setKg] = useState('3');
  const [subtotal, setSubtotal] = useState('0');
  const [place, setPlace] = useState({ country: 'US', region: 'VT', postalCode: '05401' });
  const destination = destinationSchema.safeParse(place);
  const grams = Math.round(Number(kg) * 1000);
  const goods = Number(subtotal);
  const destinationError = destination.error?.issues[0];
  const ready = shipping && rates && destination.success && Number.isFinite(grams) && grams >= 0 && Number.isFinite(goods) && goods >= 0;
  return (
    <section aria-labelledby="preview-title" className="rounded-lg border border-slate-200 p-4">
      <h3 id="preview-title" className="mb-3 font-semibold text-slate-900">
        {text.previewTitle}
      </h3>
      <div className="grid gap-3 sm:grid-cols-5">
        <Field label={text.previewWeight}>
          <input className="input" inputMode="decimal" value={kg} onChange={(event) => setKg(event.target.value)} />
        </Field>
        <Field label={text.previewSubtotal}>
          <input className="input" inputMode="decimal" value={subtotal} onChange={(event) => setSubtotal(event.target.value)} />
        </Field>
        {(['country', 'region', 'postalCode'] as const).map((field) => (
          <Field
            key={field}
            label={{ country: text.previewCountry, region: text.previewRegion, postalCode: text.previewPostalCode }[field]}
            error={destinationError?.path[0] === field ? destinationError.message : undefined}
          >
            <input className="input" value={place[field]} onChange={(event) => setPlace({ ...place, [field]: event.target.value })} />
          </Field>
        ))}
      </div>
      <output className="mt-3 block text-sm text-slate-800" aria-live="polite">
        {ready ? (
          <ul>
            {previewLines(shipping, rates, destination.data, grams, dollarsToCents(goods)).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          !destinationError && text.previewFixFirst
        )}
      </output>
    </section>
  );
}

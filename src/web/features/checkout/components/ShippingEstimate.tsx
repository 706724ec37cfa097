import { useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { checkoutCopy } from '../../../../shared/checkout-copy.js';
import { destinationSchema } from '../../../../shared/checkout-schemas.js';
import { formatMoney } from '../../../../shared/format.js';
import { Spinner } from '../../../components/Spinner.js';
import { useDebounced } from '../../../lib/useDebounced.js';
import { noShippingMessage, type QuoteRequest, useQuote } from '../api.js';
import { type AddressForm, BLANK_ADDRESS, DestinationFields } from './AddressFields.js';
import { QuoteFigures } from './QuotePanel.js';

const text = checkoutCopy.estimate;

/**
 * A visitor's estimate (the product page, the cart): country, region and postal code, and the quote for
 * `lines` there: every method, the cheapest's price, tax and total. No sign-in needed.
 */
export function ShippingEstimate({ lines, what }: { lines: QuoteRequest['lines'] | null; what: string }) {
  const form = useForm<AddressForm>({ defaultValues: { shippingAddress: BLANK_ADDRESS } });
  const [country, region, postalCode] = form.watch(['shippingAddress.country', 'shippingAddress.region', 'shippingAddress.postalCode']);
  // Priced once the typing pauses, not for every digit of a postal code.
  const place = useDebounced(useMemo(() => ({ country, region, postalCode }), [country, region, postalCode]), 400);
  const destination = useMemo(() => {
    const parsed = destinationSchema.safeParse(place);
    return parsed.success && parsed.data.postalCode !== '' ? parsed.data : null;
  }, [place]);
  const quote = useQuote(lines && destination ? { lines, shippingAddress: destination } : null);
  const noShipping = noShippingMessage(quote.error);
  const cheapest = quote.data ? Math.min(...quote.data.methods.map((method) => method.price)) : null;
  return (
    <section className="card space-y-3 p-4" aria-labelledby="estimate-heading">
      <h2 id="estimate-heading" className="text-lg font-semibold text-slate-900">
        {text.title}
      </h2>
      <p className="text-sm text-slate-700">{text.intro(what)}</p>
      <FormProvider {...form}>
        <DestinationFields />
      </FormProvider>
      {!destination || !lines ? (
        <p className="text-sm text-slate-700">{text.enter}</p>
      ) : noShipping ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {noShipping}
        </p>
      ) : quote.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {checkoutCopy.quoteFailed}
        </p>
      ) : !quote.data ? (
        <Spinner label={checkoutCopy.pricing} />
      ) : (
        <div className="space-y-2" aria-live="polite">
          <p className="font-medium text-slate-900">{text.cheapest(formatMoney(cheapest ?? 0))}</p>
          <ul className="text-sm text-slate-800" aria-label={text.methods}>
            {quote.data.methods.map((method) => (
              <li key={method.id}>{checkoutCopy.methodLabel(method.name, formatMoney(method.price), method.minDays, method.maxDays)}</li>
            ))}
          </ul>
          <QuoteFigures quote={quote.data} />
        </div>
      )}
    </section>
  );
}

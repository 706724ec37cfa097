import { useEffect, useMemo, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { checkoutCopy as text } from '../../../../shared/checkout-copy.js';
import { destinationSchema, NEW_ADDRESS } from '../../../../shared/checkout-schemas.js';
import { coreDepositRows } from '../../../../shared/checkout.js';
import { formatMoney } from '../../../../shared/format.js';
import { dollarsToCents } from '../../../../shared/money.js';
import { yourPriceLabel } from '../../../../shared/trade-buyer-price-copy.js';
import { Field } from '../../../components/Field.js';
import { Spinner } from '../../../components/Spinner.js';
import { ApiError } from '../../../lib/api-client.js';
import { useDebounced } from '../../../lib/useDebounced.js';
import { noShippingMessage, type Quote, type QuoteRequest, useQuote } from '../api.js';
import type { DeliveryForm } from './AddressPicker.js';

type Destination = Pick<QuoteRequest, 'addressId' | 'shippingAddress'>;

/** Where the form says the order goes, once it is a place the quote can price (a saved address, or country, region and postal code that pass). */
function useDestination(): Destination | null {
  const { watch } = useFormContext<DeliveryForm>();
  const [choice, country, region, postalCode] = watch(['addressChoice', 'shippingAddress.country', 'shippingAddress.region', 'shippingAddress.postalCode']);
  return useMemo(() => {
    if (choice === '') return null;
    if (choice !== NEW_ADDRESS) return { addressId: Number(choice) };
    const place = destinationSchema.safeParse({ country, region, postalCode });
    return place.success ? { shippingAddress: place.data } : null;
  }, [choice, country, region, postalCode]);
}

/**
 * The goods subtotal, each line's core deposits, shipping, tax lines and total, from the server's figures. A trade
 * account member's quote (issue 63) is priced at their own prices: `publicSubtotal`, the same goods at the public
 * prices, is struck through beside it when higher, under "Your price".
 */
export function QuoteFigures({ quote, publicSubtotal = null }: { quote: Quote; publicSubtotal?: number | null }) {
  const methodName = quote.methods.find((method) => method.id === quote.shippingMethodId)?.name;
  const struck = publicSubtotal !== null && dollarsToCents(publicSubtotal) > dollarsToCents(quote.subtotal) ? publicSubtotal : null;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm text-slate-800" data-testid="quote-figures">
      <dt>{text.subtotal}</dt>
      <dd className="text-right" data-testid="quote-subtotal">
        {struck !== null && (
          <>
            <span className="font-semibold text-emerald-800">{yourPriceLabel}:</span> <s className="text-slate-600">{formatMoney(struck)}</s>{' '}
          </>
        )}
        {formatMoney(quote.subtotal)}
      </dd>
      {coreDepositRows(quote.lines).map((row, index) => (
        <div key={index} className="contents" data-testid="quote-core-deposit">
          <dt>{row.label}</dt>
          <dd className="text-right">{formatMoney(row.amount)}</dd>
        </div>
      ))}
      <dt>
        {text.shipping}
        {methodName && ` (${methodName})`}
      </dt>
      <dd className="text-right">{formatMoney(quote.shipping)}</dd>
      {quote.taxLines.length === 0 ? (
        <>
          <dt>{text.noTax}</dt>
          <dd className="text-right">{formatMoney(quote.tax)}</dd>
        </>
      ) : (
        quote.taxLines.map((line) => (
          <div key={line.name} className="contents">
            <dt>{text.taxLine(line.name, String(line.rate))}</dt>
            <dd className="text-right">{formatMoney(line.amount)}</dd>
          </div>
        ))
      )}
      <dt className="font-bold text-slate-900">{text.total}</dt>
      <dd className="text-right font-bold text-slate-900" data-testid="quote-total">
        {formatMoney(quote.total)}
      </dd>
      {quote.reverseCharge && <dd className="col-span-2 text-slate-700">{text.reverseCharge}</dd>}
      {quote.taxExempt && <dd className="col-span-2 text-slate-700">{text.taxExempt}</dd>}
    </dl>
  );
}

/**
 * The delivery and total of an order form (the order modal, the cart): the method to choose, the figures,
 * the optional VAT ID. Choosing a method prices the order again. `lines`: null while a quantity is not one
 * the shop takes.
 */
export function QuotePanel({ lines, publicSubtotal = null }: { lines: QuoteRequest['lines'] | null; publicSubtotal?: number | null }) {
  const {
    register,
    watch,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useFormContext<DeliveryForm>();
  const destination = useDestination();
  const methodId = watch('shippingMethodId');
  const vatId = useDebounced(watch('vatId').trim(), 400);
  const request: QuoteRequest | null =
    lines && destination ? { lines, ...destination, ...(methodId && { shippingMethodId: methodId }), ...(vatId && { vatId }) } : null;
  const quote = useQuote(request);

  // Another destination has other methods: the cheapest again, until the buyer picks one.
  const destinationKey = JSON.stringify(destination);
  const lastDestination = useRef(destinationKey);
  useEffect(() => {
    if (lastDestination.current === destinationKey) return;
    lastDestination.current = destinationKey;
    setValue('shippingMethodId', '');
  }, [destinationKey, setValue]);
  // The quote names the method it priced (the cheapest when none was chosen): that radio is the one checked.
  const pricedMethod = quote.data?.shippingMethodId;
  useEffect(() => {
    if (pricedMethod && !quote.isPlaceholderData && methodId === '') setValue('shippingMethodId', pricedMethod);
  }, [pricedMethod, quote.isPlaceholderData, methodId, setValue]);
  // A mistyped VAT ID is the server's to say, under the field.
  const vatProblem = quote.error instanceof ApiError ? quote.error.fields?.vatId : undefined;
  useEffect(() => {
    if (vatProblem) setError('vatId', { type: 'server', message: vatProblem });
    else if (quote.isSuccess) clearErrors('vatId');
  }, [vatProblem, quote.isSuccess, setError, clearErrors]);

  const noShipping = noShippingMessage(quote.error);
  const figures = quote.data && !quote.isError ? quote.data : null;
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 p-3" aria-labelledby="quote-heading">
      <h3 id="quote-heading" className="font-semibold text-slate-900">
        {text.delivery}
      </h3>
      {!request ? (
        <p className="text-sm text-slate-700">{text.enterDestination}</p>
      ) : noShipping ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {noShipping}
        </p>
      ) : quote.isError && !vatProblem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {text.quoteFailed}
        </p>
      ) : !figures ? (
        !vatProblem && <Spinner label={text.pricing} />
      ) : (
        <>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-900">{text.method}</legend>
            {figures.methods.map((method) => (
              <label key={method.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={method.id} {...register('shippingMethodId')} />
                {text.methodLabel(method.name, formatMoney(method.price), method.minDays, method.maxDays)}
              </label>
            ))}
          </fieldset>
          <QuoteFigures quote={figures} publicSubtotal={publicSubtotal} />
        </>
      )}
      <Field label={text.vatId} hint={text.vatIdHint} error={errors.vatId?.message}>
        <input type="text" className="input" autoComplete="off" {...register('vatId')} />
      </Field>
    </section>
  );
}

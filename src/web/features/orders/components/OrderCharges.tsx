import type { Order } from '../../../../shared/api.js';
import { addressLines } from '../../../../shared/address.js';
import { coreDepositRows } from '../../../../shared/checkout.js';
import { formatRate } from '../../../../shared/format.js';
import { checkoutMessages, messages } from '../../../../shared/messages.js';
import { formatDollars } from '../../../../shared/money.js';

const text = messages.ui.orders.charges;
/** The invoice's and the e-mails' own wording of the figures, so every document and view reads alike. */
const charges = checkoutMessages.charges;

/**
 * What an order charged, as it was quoted and placed (issue 60): goods, each line's refundable core deposits,
 * shipping by its method, each tax line,
 * the tax total when there are several, the total (what the card is charged), why there is no tax when there is
 * none by reverse charge or exemption, and where the parts go. Every order view shows this one, so they agree
 * to the cent.
 */
interface ChargeRowData {
  key: string;
  label: string;
  amount: number;
}

/** The figures in the order they are read, one list for the full and the compact view so both say the same. */
function chargeRows(order: Order): ChargeRowData[] {
  return [
    { key: 'subtotal', label: charges.subtotal, amount: order.subtotal },
    ...coreDepositRows(order.lines).map((row) => ({ key: 'core-deposit', ...row })),
    { key: 'shipping', label: charges.shipping(order.shippingMethod?.name ?? null), amount: order.shipping },
    ...order.taxLines.map((line) => ({ key: 'tax-line', label: charges.tax(line.name, formatRate(line.rate)), amount: line.amount })),
    ...(order.taxLines.length > 1 ? [{ key: 'tax', label: text.taxTotal, amount: order.tax }] : []),
    { key: 'total', label: charges.total, amount: order.total },
  ];
}

export function OrderCharges({ order, shipTo = true }: { order: Order; shipTo?: boolean }) {
  return (
    <div className="space-y-3" data-testid="order-charges">
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">{text.caption(order.number)}</caption>
        <tbody>
          {chargeRows(order).map((row, index) => {
            const strong = row.key === 'total';
            return (
              <tr
                key={`${row.key} ${index}`}
                className={strong ? 'border-t border-slate-300 font-bold text-slate-900' : 'text-slate-800'}
                data-testid={`charge-${row.key}`}
              >
                <th scope="row" className={`py-1 pr-3 text-left ${strong ? 'font-bold' : 'font-medium'}`}>
                  {row.label}
                </th>
                <td className="py-1 text-right whitespace-nowrap">${formatDollars(row.amount)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <TaxNotes order={order} />
      {shipTo && <ShipTo order={order} />}
    </div>
  );
}

/**
 * The same figures folded under the total in an order list's row (My Orders, Manage Orders), as a description
 * list so the row's own cells stay its columns.
 */
export function OrderChargesSummary({ order, shipTo = false }: { order: Order; shipTo?: boolean }) {
  return (
    <details className="mt-1 text-xs" data-testid="order-charges-summary">
      <summary className="cursor-pointer font-semibold text-brand-700">{text.breakdown}</summary>
      <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5">
        {chargeRows(order).map((row, index) => (
          <div key={`${row.key} ${index}`} className="contents" data-testid={`summary-${row.key}`}>
            <dt className={row.key === 'total' ? 'font-bold' : ''}>{row.label}</dt>
            <dd className={`text-right whitespace-nowrap ${row.key === 'total' ? 'font-bold' : ''}`}>${formatDollars(row.amount)}</dd>
          </div>
        ))}
      </dl>
      <TaxNotes order={order} />
      {shipTo && <ShipTo order={order} />}
    </details>
  );
}

/** Why an order without tax has none: the EU reverse charge (with the buyer's VAT ID) or a US exemption. */
function TaxNotes({ order }: { order: Order }) {
  return (
    <>
      {order.reverseCharge && (
        <p className="text-sm text-slate-800" data-testid="charge-reverse">
          {charges.reverseCharge}
          {order.vatId && <span className="block">{text.buyerVatId(order.vatId)}</span>}
        </p>
      )}
      {order.taxExempt && (
        <p className="text-sm text-slate-800" data-testid="charge-exempt">
          {text.taxExempt}
        </p>
      )}
    </>
  );
}

/**
 * The destination and shipping method as the order keeps them; an order placed before structured addresses
 * has only its one-line `address`, shown as it is.
 */
export function ShipTo({ order }: { order: Order }) {
  const address = order.shippingAddress;
  return (
    <div className="text-sm text-slate-800" data-testid="ship-to">
      <h4 className="font-semibold text-slate-900">{text.shipTo}</h4>
      {address ? (
        <address className="not-italic">
          {addressLines(address).map((line, index) => (
              <span key={index} className="block">
                {line}
              </span>
            ))}
        </address>
      ) : (
        <p className="whitespace-pre-line">{order.address}</p>
      )}
      {order.shippingMethod && <p className="mt-1">{text.shippingMethod(order.shippingMethod.name)}</p>}
    </div>
  );
}

import type { Order } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { formatDollars } from '../../../../shared/money.js';

const text = messages.ui.orders.charges;

/**
 * What an order charged, as it was quoted and placed (issue 60): goods, shipping by its method, each tax line,
 * the tax total when there are several, the total (what the card is charged), why there is no tax when there is
 * none by reverse charge or exemption, and where the parts go. Every order view shows this one, so they agree
 * to the cent.
 */
export function OrderCharges({ order, shipTo = true }: { order: Order; shipTo?: boolean }) {
  return (
    <div className="space-y-3" data-testid="order-charges">
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">{text.caption(order.number)}</caption>
        <tbody>
          <ChargeRow label={text.subtotal} amount={order.subtotal} testId="charge-subtotal" />
          <ChargeRow
            label={order.shippingMethod ? text.shippingBy(order.shippingMethod.name) : text.shipping}
            amount={order.shipping}
            testId="charge-shipping"
          />
          {order.taxLines.map((line) => (
            <ChargeRow key={`${line.name} ${line.rate}`} label={text.taxLine(line.name, line.rate)} amount={line.amount} testId="charge-tax-line" />
          ))}
          {order.taxLines.length > 1 && <ChargeRow label={text.taxTotal} amount={order.tax} testId="charge-tax" />}
          <ChargeRow label={text.total} amount={order.total} testId="charge-total" strong />
        </tbody>
      </table>
      {order.reverseCharge && (
        <p className="text-sm text-slate-800" data-testid="charge-reverse">
          {text.reverseCharge}
          {order.vatId && <span className="block">{text.buyerVatId(order.vatId)}</span>}
        </p>
      )}
      {order.taxExempt && (
        <p className="text-sm text-slate-800" data-testid="charge-exempt">
          {text.taxExempt}
        </p>
      )}
      {shipTo && <ShipTo order={order} />}
    </div>
  );
}

function ChargeRow({ label, amount, testId, strong = false }: { label: string; amount: number; testId: string; strong?: boolean }) {
  return (
    <tr className={strong ? 'border-t border-slate-300 font-bold text-slate-900' : 'text-slate-800'} data-testid={testId}>
      <th scope="row" className={`py-1 pr-3 text-left ${strong ? 'font-bold' : 'font-medium'}`}>
        {label}
      </th>
      <td className="py-1 text-right whitespace-nowrap">${formatDollars(amount)}</td>
    </tr>
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
          {[
            address.name,
            address.company,
            address.line1,
            address.line2,
            text.cityLine(address.city, address.region, address.postalCode),
            address.country,
          ]
            .filter(Boolean)
            .map((line, index) => (
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

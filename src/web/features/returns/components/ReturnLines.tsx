import type { Return } from '../../../../shared/returns-api.js';
import { returnsUiMessages } from '../../../../shared/returns-copy.js';
import { RETURN_REASON_IN_WORDS } from '../../../../shared/returns.js';

const text = returnsUiMessages;

/** A return's lines: units, part and reason; the vehicle named and whether our data says the part fits it; once received, what came back. */
export function ReturnLines({ item, counted = false }: { item: Return; counted?: boolean }) {
  return (
    <ul className="space-y-1">
      {item.lines.map((line) => (
        <li key={`${line.productId}:${line.reason}`} data-testid="return-line">
          <span>{text.line(line.quantity, line.product, line.sku, RETURN_REASON_IN_WORDS[line.reason])}</span>
          {line.vehicle && <span className="block text-sm text-slate-700">{text.vehicle(line.vehicle)}</span>}
          {line.fitsByOurData !== null && (
            <span
              data-testid="fits-by-our-data"
              className={`mt-0.5 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${line.fitsByOurData ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-800'}`}
            >
              {line.fitsByOurData ? text.fitsByOurData : text.notFitByOurData}
            </span>
          )}
          {counted && (item.status === 'received' || item.status === 'refunded') && (
            <span className="block text-sm text-slate-700">{text.counted(line.receivedQuantity, line.damagedQuantity)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

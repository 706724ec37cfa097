import type { ProductNumber } from '../../../../shared/api.js';
import { PART_NUMBER_TYPE_LABELS } from '../../../../shared/fitment.js';
import { messages } from '../../../../shared/messages.js';
import { ScrollRegion } from '../../../components/ScrollRegion.js';

const text = messages.ui.fitment;

/** The numbers that lead to the part: the car makers' (OE), other brands' (interchange), our old ones. Nothing when it has none. */
export function PartNumbers({ numbers }: { numbers: readonly ProductNumber[] }) {
  if (numbers.length === 0) return null;
  return (
    <ScrollRegion label={text.numbersTitle}>
      {/* On a phone each number is a card, a column a line (table-base): the numbers stay whole and on screen. */}
      <table className="table-base w-full overflow-hidden rounded-xl border border-slate-200">
        <caption className="mb-2 text-left text-base font-bold text-slate-900 max-md:block">{text.numbersTitle}</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            <th scope="col" className="px-4 py-2">
              {text.numbersColumns.type}
            </th>
            <th scope="col" className="px-4 py-2">
              {text.numbersColumns.brand}
            </th>
            <th scope="col" className="px-4 py-2">
              {text.numbersColumns.number}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800">
          {numbers.map((number) => (
            <tr key={`${number.type} ${number.brand} ${number.number}`}>
              <td data-label={text.numbersColumns.type}>
                <span className="inline-block first-letter:uppercase">{PART_NUMBER_TYPE_LABELS[number.type]}</span>
              </td>
              <td data-label={text.numbersColumns.brand} className="max-md:empty:hidden">
                {number.brand}
              </td>
              <td data-label={text.numbersColumns.number} className="font-mono font-semibold whitespace-nowrap text-slate-900">
                {number.number}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

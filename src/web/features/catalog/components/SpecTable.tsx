import type { Spec } from '../../../../shared/catalog.js';
import { messages } from '../../../../shared/messages.js';

/** A part's specs, one row each: the spec's name heads its row. Nothing when the part has none. */
export function SpecTable({ specs }: { specs: readonly Spec[] }) {
  if (specs.length === 0) return null;
  return (
    <table className="w-full overflow-hidden rounded-xl border border-slate-200 text-left text-sm">
      <caption className="mb-2 text-left text-base font-bold text-slate-900">{messages.ui.catalog.specs}</caption>
      <tbody className="divide-y divide-slate-200">
        {specs.map((spec) => (
          <tr key={spec.name}>
            <th scope="row" className="w-2/5 bg-slate-50 px-4 py-2 font-semibold text-slate-800">
              {spec.name}
            </th>
            <td className="px-4 py-2 text-slate-800">{spec.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

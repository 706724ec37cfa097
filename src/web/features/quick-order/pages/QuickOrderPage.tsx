import { type ChangeEvent, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PART_NUMBER_TYPE_LABELS } from '../../../../shared/fitment.js';
import { messages } from '../../../../shared/messages.js';
import { dollars } from '../../catalog/quantity.js';
import { productPath } from '../../../../shared/paths.js';
import { DataTable } from '../../../components/DataTable.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { Notice } from '../../../components/Notice.js';
import { NumberSuggestions } from '../../fitment/components/NumberSuggestions.js';
import { cartLines, type QuickOrderRow, type ResolvedPart } from '../rows.js';
import { useQuickOrder } from '../useQuickOrder.js';
import { yourPriceLabel } from '../../../../shared/trade-buyer-price-copy.js';

const text = messages.ui.quickOrder;


/** The part a line leads to: its name (a link to its page), its number, and the number typed when it was another. */
function PartCell({ part: { product, matchedAs }, typed }: { part: ResolvedPart; typed: string }) {
  return (
    <>
      <Link to={productPath(product.sku)} className="font-medium text-brand-700 underline">
        {product.name}
      </Link>
      <span className="block font-mono text-xs whitespace-nowrap text-slate-600">{product.sku}</span>
      {matchedAs !== 'sku' && <span className="block text-xs text-slate-600">{text.matched(PART_NUMBER_TYPE_LABELS[matchedAs], typed)}</span>}
    </>
  );
}

/** A line's unit price; a trade account member's (issue 63) under "Your price", the public one struck through when higher. */
function UnitPrice({ part }: { part: ResolvedPart }) {
  if (part.publicUnitPriceCents === null) return <>{`$${dollars(part.unitPriceCents)}`}</>;
  return (
    <>
      <span className="block text-xs font-semibold text-emerald-800" data-testid="your-price-label">
        {yourPriceLabel}
      </span>
      {part.publicUnitPriceCents > part.unitPriceCents && (
        <>
          <s className="text-slate-600" data-testid="list-price">{`$${dollars(part.publicUnitPriceCents)}`}</s>{' '}
        </>
      )}
      <strong data-testid="unit-price">{`$${dollars(part.unitPriceCents)}`}</strong>
    </>
  );
}

function CheckedRow({ row }: { row: QuickOrderRow }) {
  const priced = row.part && !row.error ? row.part : null;
  return (
    <tr data-testid={`line-${row.line}`}>
      <td>{row.line}</td>
      {/* A number stays whole; a line that could not be read wraps where it must. */}
      <td className={row.quantity === null ? 'font-mono break-words' : 'font-mono whitespace-nowrap'}>{row.typed}</td>
      <td>
        {row.part && <PartCell part={row.part} typed={row.typed} />}
        {row.mergedLines.length > 0 && <span className="block text-xs text-slate-600">{text.merged(row.mergedLines)}</span>}
        {row.error && <span className="field-error block">{row.error}</span>}
        <NumberSuggestions suggestions={row.suggestions} className="text-sm text-slate-800" />
      </td>
      <td>{row.quantity}</td>
      <td>{priced && <UnitPrice part={priced} />}</td>
      <td>{priced && `$${dollars(priced.totalCents)}`}</td>
    </tr>
  );
}

function CheckedParts({ rows, leftToFix, onAdd }: { rows: QuickOrderRow[]; leftToFix: boolean; onAdd: () => void }) {
  const ready = cartLines(rows).length;
  const toFix = rows.filter((row) => row.error).length;
  const heading = useRef<HTMLHeadingElement>(null);
  // The results are below the form, past the first screen of a phone: the page moves to them (the focus, for a screen reader too).
  useEffect(() => heading.current?.focus(), [rows]);
  return (
    <div className="mt-8 space-y-4">
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
        {text.tableLabel}
      </h2>
      {leftToFix && (
        <Notice tone="error">
          <p>{text.leftToFix}</p>
        </Notice>
      )}
      <p className="font-medium text-slate-900" role="status">
        {text.summary(ready, toFix)}
      </p>
      <DataTable label={text.tableLabel} columns={text.columns}>
        {rows.map((row) => (
          <CheckedRow key={row.line} row={row} />
        ))}
      </DataTable>
      <button type="button" className="btn-primary" disabled={ready === 0} onClick={onAdd}>
        {text.addToCart}
      </button>
    </div>
  );
}

/** /quick-order: many parts at once by their numbers (typed, pasted or a CSV file), checked, then into the cart. */
export function QuickOrderPage() {
  const order = useQuickOrder();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) reads it again.
    event.target.value = '';
    if (file) await order.checkFile(file);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>Quick order – Partsmith</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{text.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{text.intro}</p>
      <form
        className="card mt-8 space-y-4 p-6 sm:p-8"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void order.check();
        }}
      >
        <Field label={text.linesLabel} hint={text.linesHint}>
          <textarea
            rows={8}
            className="input font-mono"
            spellCheck={false}
            value={order.lines}
            readOnly={order.checking}
            onChange={(event) => order.edit(event.target.value)}
          />
        </Field>
        <Field label={text.fileLabel} hint={text.fileHint}>
          <input type="file" accept=".csv,.txt,text/csv,text/plain" className="block text-sm" onChange={(event) => void onFile(event)} />
        </Field>
        <SubmitRow error={order.problem} busy={order.checking} label={text.check} busyLabel={text.checking} />
      </form>
      {order.rows && <CheckedParts rows={order.rows} leftToFix={order.leftToFix} onAdd={order.addReadyToCart} />}
    </div>
  );
}

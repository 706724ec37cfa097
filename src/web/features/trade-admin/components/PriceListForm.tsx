import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { priceListIdSchema, priceListInputSchema, type PriceList } from '../../../../shared/companies.js';
import { normalisePartNumber } from '../../../../shared/catalog.js';
import { tradeStaffCopy } from '../../../../shared/trade-staff-copy.js';
import { Field, FormError } from '../../../components/Field.js';
import { applyServerError } from '../../../lib/form-errors.js';
import { toast } from '../../../lib/toast.js';
import { resolveParts, useSavePriceList } from '../api.js';
import { PriceListImport } from './PriceListImport.js';

const copy = tradeStaffCopy.priceListForm;

/** The form as typed: every input's text. */
interface PriceListFormValues {
  id: string;
  name: string;
  discountPercent: string;
  validFrom: string;
  validTo: string;
  prices: { sku: string; price: string; minQuantity: string }[];
}

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The typed form as the wire's input, each part by the id `productIdOf` gives its number. */
function toInput(values: PriceListFormValues, productIdOf: (sku: string, row: number) => number) {
  return {
    name: values.name,
    discountPercent: number(values.discountPercent),
    validFrom: values.validFrom || null,
    validTo: values.validTo || null,
    prices: values.prices.map((row, i) => ({ productId: productIdOf(row.sku, i), price: number(row.price) ?? Number.NaN, minQuantity: number(row.minQuantity) })),
  };
}

/**
 * The form's check: the shared list schema's own rules and messages (each on its input), a part number on
 * every row, and the id's rule for a new list. Parts are not looked up yet: rows with the same number
 * stand for the same part, so a price repeated from one quantity shows before anything is sent.
 */
const formSchema = (isNew: boolean) =>
  z
    .object({
      id: z.string(),
      name: z.string(),
      discountPercent: z.string(),
      validFrom: z.string(),
      validTo: z.string(),
      prices: z.array(z.object({ sku: z.string(), price: z.string(), minQuantity: z.string() })),
    })
    .superRefine((values, ctx) => {
      if (isNew) {
        const id = priceListIdSchema.safeParse(values.id);
        if (!id.success) ctx.addIssue({ code: 'custom', path: ['id'], message: id.error.issues[0]!.message });
      }
      values.prices.forEach((row, i) => {
        if (row.sku.trim() === '') ctx.addIssue({ code: 'custom', path: ['prices', i, 'sku'], message: copy.skuRequired });
      });
      const standIn = new Map<string, number>();
      const checked = priceListInputSchema.safeParse(
        toInput(values, (sku, row) => {
          const key = normalisePartNumber(sku);
          if (!standIn.has(key)) standIn.set(key, row + 1);
          return standIn.get(key)!;
        }),
      );
      if (!checked.success) {
        for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path.map((key) => (key === 'productId' ? 'sku' : key)) as (string | number)[], message: issue.message });
      }
    });

const emptyRow = { sku: '', price: '', minQuantity: '1' };

const valuesOf = (list: PriceList | undefined): PriceListFormValues =>
  list
    ? {
        id: list.id,
        name: list.name,
        discountPercent: String(list.discountPercent),
        validFrom: list.validFrom ?? '',
        validTo: list.validTo ?? '',
        prices: list.prices.map((price) => ({ sku: price.sku, price: String(price.price), minQuantity: String(price.minQuantity) })),
      }
    : { id: '', name: '', discountPercent: '0', validFrom: '', validTo: '', prices: [] };

/**
 * A price list's form (issue 63): its id (new lists only), name, discount, validity and fixed prices by part
 * number (looked up when saved: an unknown number is marked on its row). "Save price list" PUTs it whole.
 */
export function PriceListForm({ list }: { list?: PriceList }) {
  const isNew = list === undefined;
  const navigate = useNavigate();
  const save = useSavePriceList();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PriceListFormValues>({ resolver: zodResolver(formSchema(isNew)), defaultValues: valuesOf(list) });
  const rows = useFieldArray({ control, name: 'prices' });

  const submit = async (values: PriceListFormValues) => {
    setFormError(null);
    try {
      const skus = [...new Set(values.prices.map((row) => row.sku.trim()))];
      const found = skus.length === 0 ? [] : await resolveParts(skus);
      // One answer per number sent, in order.
      const ids = new Map(skus.flatMap((sku, i) => (found[i]?.product ? [[sku, Number(found[i].product._id)] as const] : [])));
      const unknown = values.prices.map((row, i) => (ids.has(row.sku.trim()) ? null : i)).filter((i) => i !== null);
      unknown.forEach((i, n) => setError(`prices.${i}.sku`, { type: 'server', message: copy.skuUnknown }, { shouldFocus: n === 0 }));
      if (unknown.length > 0) return;
      const id = isNew ? values.id.trim() : list.id;
      const saved = await save.mutateAsync({ id, list: priceListInputSchema.parse(toInput(values, (sku) => ids.get(sku.trim())!)) });
      toast.success(copy.saved);
      if (isNew) void navigate(`/dashboard/price-lists/${encodeURIComponent(saved.id)}`, { replace: true });
    } catch (failure) {
      const fields: Path<PriceListFormValues>[] = ['name', 'discountPercent', 'validFrom', 'validTo', ...values.prices.flatMap((_, i) => [`prices.${i}.price`, `prices.${i}.minQuantity`] as const)];
      setFormError(applyServerError(failure, setError, fields) || null);
    }
  };

  const rowError = (i: number, field: 'sku' | 'price' | 'minQuantity') => errors.prices?.[i]?.[field]?.message;

  return (
    <div className="space-y-8">
      <form noValidate className="space-y-5" onSubmit={(event) => void handleSubmit(submit)(event)}>
        <div className="grid gap-4 sm:grid-cols-2">
          {isNew && (
            <Field label={copy.id} hint={copy.idHint} error={errors.id?.message}>
              <input className="input" autoComplete="off" {...register('id')} />
            </Field>
          )}
          <Field label={copy.name} error={errors.name?.message}>
            <input className="input" {...register('name')} />
          </Field>
          <Field label={copy.discount} error={errors.discountPercent?.message}>
            <input className="input" type="number" inputMode="decimal" step="0.01" min="0" {...register('discountPercent')} />
          </Field>
          <Field label={copy.validFrom} error={errors.validFrom?.message}>
            <input className="input" type="date" {...register('validFrom')} />
          </Field>
          <Field label={copy.validTo} error={errors.validTo?.message}>
            <input className="input" type="date" {...register('validTo')} />
          </Field>
        </div>
        <fieldset>
          <legend className="mb-2 text-lg font-semibold">{copy.fixedPrices}</legend>
          {rows.fields.length === 0 && <p className="mb-2 text-sm text-slate-700">{copy.noRows}</p>}
          <ol className="space-y-3">
            {rows.fields.map((row, i) => (
              <li key={row.id} className="grid items-start gap-3 sm:grid-cols-[2fr_1fr_1fr_auto]" data-testid={`price-row-${i}`}>
                <Field label={copy.sku} error={rowError(i, 'sku')}>
                  <input className="input" autoComplete="off" {...register(`prices.${i}.sku`)} />
                </Field>
                <Field label={copy.price} error={rowError(i, 'price')}>
                  <input className="input" type="number" inputMode="decimal" step="0.01" min="0" {...register(`prices.${i}.price`)} />
                </Field>
                <Field label={copy.minQuantity} error={rowError(i, 'minQuantity')}>
                  <input className="input" type="number" inputMode="numeric" step="1" min="1" {...register(`prices.${i}.minQuantity`)} />
                </Field>
                <button type="button" className="btn-secondary mt-6 px-3 py-1.5" aria-label={copy.removeRowOf(i + 1)} onClick={() => rows.remove(i)}>
                  {copy.removeRow}
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="btn-secondary mt-3 px-3 py-1.5" onClick={() => rows.append(emptyRow)}>
            {copy.addRow}
          </button>
        </fieldset>
        <FormError message={formError} />
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {copy.save}
        </button>
      </form>
      {!isNew && <PriceListImport list={list} />}
    </div>
  );
}

import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { messages } from '../../../../shared/messages.js';
import { PRICE_BREAKS_MAX } from '../../../../shared/pricing.js';
import { Field } from '../../../components/Field.js';
import type { ProductFormValues } from './ProductForm.js';

interface PriceBreaksFieldProps<TOutput> {
  control: Control<ProductFormValues, unknown, TOutput>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

/** A product's quantity price breaks: one row each, from a quantity on a unit price; each row shows its own errors. */
export function PriceBreaksField<TOutput>({ control, register, errors }: PriceBreaksFieldProps<TOutput>) {
  const { fields, append, remove } = useFieldArray({ control, name: 'priceBreaks' });
  // The list's own error (out of order, not below the Price, too many rows), from the form's check or the server's.
  const listError = errors.priceBreaks?.root?.message ?? errors.priceBreaks?.message;

  return (
    <fieldset className="space-y-3">
      <legend className="label">Price breaks</legend>
      <p className="text-xs text-slate-600">{messages.ui.productAdmin.priceBreaksHint}</p>
      {fields.map((field, index) => (
        <div key={field.id} className="grid items-start gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto]">
          <Field
            label={<>From quantity<span className="sr-only"> of price break {index + 1}</span></>}
            error={errors.priceBreaks?.[index]?.minQuantity?.message}
          >
            <input type="number" min={2} step={1} className="input" {...register(`priceBreaks.${index}.minQuantity`)} />
          </Field>
          <Field
            label={<>Unit price ($)<span className="sr-only"> of price break {index + 1}</span></>}
            error={errors.priceBreaks?.[index]?.price?.message}
          >
            <input type="text" inputMode="decimal" className="input" {...register(`priceBreaks.${index}.price`)} />
          </Field>
          <button type="button" className="btn-secondary self-end" onClick={() => remove(index)} aria-label={`Remove price break ${index + 1}`}>
            Remove
          </button>
        </div>
      ))}
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      <button
        type="button"
        className="btn-secondary"
        onClick={() => append({ minQuantity: '', price: '' })}
        disabled={fields.length >= PRICE_BREAKS_MAX}
      >
        Add a price break
      </button>
    </fieldset>
  );
}

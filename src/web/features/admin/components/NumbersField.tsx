import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { productFormCopy } from '../../../../shared/back-office-copy.js';
import { PART_NUMBER_TYPE_LABELS, PART_NUMBER_TYPES } from '../../../../shared/fitment.js';
import { PRODUCT_NUMBERS_MAX } from '../../../../shared/product-schemas.js';
import { Field } from '../../../components/Field.js';
import type { ProductFormValues } from './ProductForm.js';

const copy = productFormCopy.numbers;

interface NumbersFieldProps<TOutput> {
  control: Control<ProductFormValues, unknown, TOutput>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

/** The numbers that lead to a part (OE, interchange, superseded): one row of type, brand and number each. */
export function NumbersField<TOutput>({ control, register, errors }: NumbersFieldProps<TOutput>) {
  const { fields, append, remove } = useFieldArray({ control, name: 'numbers' });
  const listError = errors.numbers?.root?.message ?? errors.numbers?.message;
  const label = (name: keyof typeof copy.labels, index: number) => (
    <>
      {copy.labels[name]}
      <span className="sr-only">{copy.ofRow(index + 1)}</span>
    </>
  );
  return (
    <fieldset className="space-y-3">
      <legend className="label">{copy.legend}</legend>
      <p className="text-xs text-slate-600">{copy.hint}</p>
      {fields.map((field, index) => (
        <div key={field.id} className="grid items-start gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[auto_1fr_1fr_auto]">
          <Field label={label('type', index)} error={errors.numbers?.[index]?.type?.message}>
            <select className="input" {...register(`numbers.${index}.type`)}>
              {PART_NUMBER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PART_NUMBER_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </Field>
          <Field label={label('brand', index)} error={errors.numbers?.[index]?.brand?.message} hint={copy.brandHint}>
            <input type="text" className="input" {...register(`numbers.${index}.brand`)} />
          </Field>
          <Field label={label('number', index)} error={errors.numbers?.[index]?.number?.message}>
            <input type="text" className="input" autoComplete="off" {...register(`numbers.${index}.number`)} />
          </Field>
          <button type="button" className="btn-secondary self-end" onClick={() => remove(index)}>
            {copy.remove(index + 1)}
          </button>
        </div>
      ))}
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      <button type="button" className="btn-secondary" onClick={() => append({ type: 'oe', brand: '', number: '' })} disabled={fields.length >= PRODUCT_NUMBERS_MAX}>
        {copy.add}
      </button>
    </fieldset>
  );
}

import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { SPECS_MAX } from '../../../../shared/catalog.js';
import { messages } from '../../../../shared/messages.js';
import { Field } from '../../../components/Field.js';
import type { ProductFormValues } from './ProductForm.js';

interface SpecsFieldProps<TOutput> {
  control: Control<ProductFormValues, unknown, TOutput>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

/** A product's specs: one row of name and value each, added and removed by hand; each row shows its own errors. */
export function SpecsField<TOutput>({ control, register, errors }: SpecsFieldProps<TOutput>) {
  const { fields, append, remove } = useFieldArray({ control, name: 'specs' });
  // The list's own error (a name twice, too many rows), from the form's check or the server's.
  const listError = errors.specs?.root?.message ?? errors.specs?.message;

  return (
    <fieldset className="space-y-3">
      <legend className="label">Specs</legend>
      <p className="text-xs text-slate-600">{messages.ui.productAdmin.specsHint}</p>
      {fields.map((field, index) => (
        <div key={field.id} className="grid items-start gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto]">
          <Field label={<>Name<span className="sr-only"> of spec {index + 1}</span></>} error={errors.specs?.[index]?.name?.message}>
            <input type="text" className="input" {...register(`specs.${index}.name`)} />
          </Field>
          <Field label={<>Value<span className="sr-only"> of spec {index + 1}</span></>} error={errors.specs?.[index]?.value?.message}>
            <input type="text" className="input" {...register(`specs.${index}.value`)} />
          </Field>
          <button type="button" className="btn-secondary self-end" onClick={() => remove(index)} aria-label={`Remove spec ${index + 1}`}>
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
        onClick={() => append({ name: '', value: '' })}
        disabled={fields.length >= SPECS_MAX}
      >
        Add a spec
      </button>
    </fieldset>
  );
}

import { useId } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { productFormCopy } from '../../../../shared/back-office-copy.js';
import { POSITIONS } from '../../../../shared/fitment.js';
import { APPLICATIONS_MAX } from '../../../../shared/product-schemas.js';
import { Field } from '../../../components/Field.js';
import { useBaseMakes, useBaseModels, useVehicles, useVehicleYears } from '../../fitment/api.js';
import type { ProductFormValues } from './ProductForm.js';

const copy = productFormCopy.fitment;

interface FitmentFieldProps<TOutput> {
  control: Control<ProductFormValues, unknown, TOutput>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

export const EMPTY_APPLICATION: ProductFormValues['applications'][number] = {
  yearFrom: '',
  yearTo: '',
  make: '',
  model: '',
  submodel: '',
  engine: '',
  qualifier: '',
  position: '',
};

/** A list of choices an input suggests as it is typed in (the browser filters them by what is typed). */
function Choices({ id, values }: { id: string; values: readonly (string | number)[] | undefined }) {
  return (
    <datalist id={id}>
      {[...new Set(values ?? [])].map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}

/** One application: its inputs suggest what the vehicle base has (the make's models, the model's trims and engines of the first year). */
function ApplicationRow<TOutput>({ index, control, register, errors, onRemove }: FitmentFieldProps<TOutput> & { index: number; onRemove: () => void }) {
  const id = useId();
  const [yearFrom, make, model] = useWatch({ control, name: [`applications.${index}.yearFrom`, `applications.${index}.make`, `applications.${index}.model`] });
  const years = useVehicleYears();
  const makes = useBaseMakes();
  const models = useBaseModels(make.trim());
  const year = /^\d{4}$/.test(yearFrom.trim()) ? Number(yearFrom.trim()) : null;
  const vehicles = useVehicles(year, make.trim(), model.trim());
  const rowErrors = errors.applications?.[index];
  // The row's own error (the same vehicles listed twice), from the form's check or the server's.
  const rowError = (rowErrors as { message?: string } | undefined)?.message;
  const label = (name: keyof typeof copy.labels) => (
    <>
      {copy.labels[name]}
      <span className="sr-only">{copy.ofRow(index + 1)}</span>
    </>
  );
  // Each input suggests its datalist's choices (below).
  const text = (name: 'yearFrom' | 'yearTo' | 'make' | 'model' | 'submodel' | 'engine', numeric = false) => (
    <Field label={label(name)} error={rowErrors?.[name]?.message}>
      <input
        type="text"
        inputMode={numeric ? 'numeric' : undefined}
        className="input"
        autoComplete="off"
        list={`${id}-${name}`}
        {...register(`applications.${index}.${name}`)}
      />
    </Field>
  );
  return (
    <div className="grid items-start gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-4" data-testid="application-row">
      {text('yearFrom', true)}
      {text('yearTo', true)}
      {text('make')}
      {text('model')}
      {text('submodel')}
      {text('engine')}
      <Field label={label('qualifier')} error={rowErrors?.qualifier?.message} hint={copy.qualifierHint}>
        <input type="text" className="input" {...register(`applications.${index}.qualifier`)} />
      </Field>
      <Field label={label('position')} error={rowErrors?.position?.message}>
        <select className="input" {...register(`applications.${index}.position`)}>
          {POSITIONS.map((position) => (
            <option key={position} value={position}>
              {position || copy.anyPosition}
            </option>
          ))}
        </select>
      </Field>
      <Choices id={`${id}-yearFrom`} values={years.data} />
      <Choices id={`${id}-yearTo`} values={years.data} />
      <Choices id={`${id}-make`} values={makes.data} />
      <Choices id={`${id}-model`} values={models.data} />
      <Choices id={`${id}-submodel`} values={vehicles.data?.map((v) => v.submodel).filter(Boolean)} />
      <Choices id={`${id}-engine`} values={vehicles.data?.map((v) => v.engine).filter(Boolean)} />
      {rowError && (
        <p className="field-error sm:col-span-4" role="alert">
          {rowError}
        </p>
      )}
      <button type="button" className="btn-secondary justify-self-start sm:col-span-4" onClick={onRemove}>
        {copy.remove(index + 1)}
      </button>
    </div>
  );
}

/** The vehicles a part fits: rows of a year range, make, model, trim, engine, qualifier and position, added and removed by hand. */
export function FitmentField<TOutput>({ control, register, errors }: FitmentFieldProps<TOutput>) {
  const { fields, append, remove } = useFieldArray({ control, name: 'applications' });
  const listError = errors.applications?.root?.message ?? errors.applications?.message;
  return (
    <fieldset className="space-y-3">
      <legend className="label">{copy.legend}</legend>
      <p className="text-xs text-slate-600">{copy.hint}</p>
      {fields.length === 0 && <p className="text-sm text-slate-700">{copy.none}</p>}
      {fields.map((field, index) => (
        <ApplicationRow key={field.id} index={index} control={control} register={register} errors={errors} onRemove={() => remove(index)} />
      ))}
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      <button type="button" className="btn-secondary" onClick={() => append(EMPTY_APPLICATION)} disabled={fields.length >= APPLICATIONS_MAX}>
        {copy.add}
      </button>
    </fieldset>
  );
}

import { useId, useState, type FormEvent } from 'react';
import type { Vehicle } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { errorText } from '../../../lib/form-errors.js';
import { useVehicleMakes, useVehicleModels, useVehicles, useVehicleYears } from '../api.js';
import { trimAndEngine } from '../names.js';

const text = messages.ui.fitment;

/**
 * Year → Make → Model → Engine / trim, each list from the server once the one before is chosen; changing
 * one empties the ones after it. A model with one vehicle has it chosen already. Choosing happens with the
 * button, not on a change of the list, so stepping through the options with the keyboard changes nothing.
 */
export function VehicleSelector({
  onChoose,
  chooseLabel = text.shopForThis,
}: {
  onChoose: (vehicle: Vehicle) => void;
  /** The button's words when choosing is not shopping for it (naming the vehicle a returned part did not fit). */
  chooseLabel?: string;
}) {
  const [year, setYear] = useState<number | null>(null);
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [vehicleId, setVehicleId] = useState('');
  const years = useVehicleYears();
  const makes = useVehicleMakes(year);
  const models = useVehicleModels(year, make);
  const vehicles = useVehicles(year, make, model);
  const only = vehicles.data?.length === 1 ? String(vehicles.data[0]!.id) : '';
  const chosen = vehicles.data?.find((vehicle) => String(vehicle.id) === (vehicleId || only));
  const failed = [years, makes, models, vehicles].find((list) => list.isError);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onChoose(chosen);
  };

  return (
    <form onSubmit={submit} className="grid gap-3 @md:grid-cols-2 @4xl:grid-cols-[repeat(4,minmax(0,1fr))_auto] @4xl:items-end">
      <Choice
        label={text.year}
        value={year === null ? '' : String(year)}
        options={years.data?.map(String)}
        onChange={(value) => {
          setYear(value ? Number(value) : null);
          setMake('');
          setModel('');
          setVehicleId('');
        }}
      />
      <Choice
        label={text.make}
        value={make}
        options={year === null ? [] : makes.data}
        onChange={(value) => {
          setMake(value);
          setModel('');
          setVehicleId('');
        }}
      />
      <Choice
        label={text.model}
        value={model}
        options={make === '' ? [] : models.data}
        onChange={(value) => {
          setModel(value);
          setVehicleId('');
        }}
      />
      <Choice
        label={text.engine}
        value={vehicleId || only}
        options={model === '' ? [] : vehicles.data?.map((vehicle) => ({ value: String(vehicle.id), label: trimAndEngine(vehicle) }))}
        onChange={setVehicleId}
      />
      <button type="submit" className="btn-primary" disabled={!chosen}>
        {chooseLabel}
      </button>
      {failed && (
        <p role="alert" className="field-error @md:col-span-2 @4xl:col-span-5">
          {errorText(failed.error)}
        </p>
      )}
    </form>
  );
}

interface ChoiceProps {
  label: string;
  value: string;
  /** Undefined while they load; empty until the list before is chosen (then the list is disabled). */
  options: (string | { value: string; label: string })[] | undefined;
  onChange: (value: string) => void;
}

function Choice({ label, value, options, onChange }: ChoiceProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        disabled={!options || options.length === 0}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{options ? text.choose : text.loading}</option>
        {options?.map((option) => {
          const { value: optionValue, label: optionLabel } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </select>
    </div>
  );
}

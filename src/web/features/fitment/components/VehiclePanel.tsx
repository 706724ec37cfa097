import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { Vehicle } from '../../../../shared/api.js';
import { vehicleName } from '../../../../shared/fitment.js';
import { messages } from '../../../../shared/messages.js';
import { useGarage, type Garage } from '../garage.js';
import { CurrentVehicle } from './CurrentVehicle.js';
import { VehicleSelector } from './VehicleSelector.js';
import { VinForm } from './VinForm.js';

const text = messages.ui.fitment;

interface VehiclePanelProps {
  /** After the buyer chose, switched, removed or cleared: the vehicle now shopped for. */
  onChange?: (current: Vehicle | null) => void;
  /** Under "Shopping for": what to do with the vehicle (the catalog's "Only parts that fit"). */
  children?: (current: Vehicle | null) => ReactNode;
  /** Take the focus (to its heading) when shown: opened by a button. */
  autoFocus?: boolean;
  /** After the buyer chose a vehicle from the lists or by its VIN ("Shop for this vehicle"); after onChange. */
  onChoose?: (vehicle: Vehicle) => void;
}

/** The vehicle shopped for, My garage (switch, remove, clear), and the ways to add one: the lists or a VIN. */
export function VehiclePanel({ onChange, onChoose, children, autoFocus = false }: VehiclePanelProps) {
  const garage = useGarage();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) title.current?.focus();
  }, [autoFocus]);
  const after = (current: Vehicle | null) => onChange?.(current);
  const choose = (vehicle: Vehicle) => {
    garage.choose(vehicle);
    after(vehicle);
    onChoose?.(vehicle);
  };
  return (
    // A container: the lists stand side by side when the panel is wide (the home page), stacked in a column.
    <section aria-labelledby={titleId} className="card @container flex flex-col gap-5 p-5">
      <div>
        <CurrentVehicle vehicle={garage.current} titleId={titleId} titleRef={autoFocus ? title : undefined} />
        {children?.(garage.current)}
      </div>
      {garage.vehicles.length > 0 && <GarageList garage={garage} onChange={after} />}
      <VehicleSelector onChoose={choose} />
      <VinForm onChoose={choose} />
    </section>
  );
}

/** My garage: one radio per vehicle (the checked one is shopped for), each with its Remove button. */
function GarageList({ garage, onChange }: { garage: Garage; onChange: (current: Vehicle | null) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="label">{text.garage}</legend>
      <ul className="flex flex-col gap-2">
        {garage.vehicles.map((vehicle) => {
          const label = vehicleName(vehicle, true);
          return (
            <li key={vehicle.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={name}
                  className="h-4 w-4 accent-brand-700"
                  checked={vehicle.id === garage.current?.id}
                  onChange={() => {
                    garage.select(vehicle);
                    onChange(vehicle);
                  }}
                />
                {label}
              </label>
              <button
                type="button"
                className="btn-secondary py-1"
                aria-label={text.removeVehicle(label)}
                onClick={() => onChange(garage.remove(vehicle))}
              >
                {text.remove}
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="btn-secondary mt-2 py-1"
        onClick={() => {
          garage.clear();
          onChange(null);
        }}
      >
        {text.clearGarage}
      </button>
    </fieldset>
  );
}

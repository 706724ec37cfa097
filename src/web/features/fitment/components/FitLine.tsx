import { vehicleName, type VehicleIdentity } from '../../../../shared/fitment.js';
import { messages } from '../../../../shared/messages.js';

const text = messages.ui.fitment;

interface FitLineProps {
  fits: boolean;
  /** The vehicle asked about; null when the browser has no name for it (a shared link's vehicle). */
  vehicle: VehicleIdentity | null;
  /** How it fits, once per way: the qualifier ("with xenon headlights") and the position. */
  notes?: { qualifier: string; position: string }[];
}

/** "Fits your 2015 Toyota Corolla — with xenon headlights, front" or "Does not fit your …": said in words and a mark, not colour alone. */
export function FitLine({ fits, vehicle, notes = [] }: FitLineProps) {
  const name = vehicle ? vehicleName(vehicle) : text.someVehicle;
  return (
    <p
      data-testid="fit"
      className={`rounded-lg px-3 py-2 text-sm ${fits ? 'bg-emerald-50 text-emerald-900' : 'bg-slate-100 text-slate-800'}`}
    >
      <span aria-hidden="true" className="mr-1 font-bold">
        {fits ? '✓' : '✕'}
      </span>
      <strong>{fits ? text.fits(name) : text.doesNotFit(name)}</strong>
      {fits && text.fitNotes(notes)}
    </p>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Vehicle, VinAnswer } from '../../../../shared/api.js';
import { vehicleName } from '../../../../shared/fitment.js';
import { messages } from '../../../../shared/messages.js';
import { errorText } from '../../../lib/form-errors.js';
import { vinQuery } from '../api.js';

const text = messages.ui.fitment;

/**
 * "Or enter your VIN": the server decodes it (a mistyped one is refused with the reason, shown under the
 * field). One vehicle of the base matches: it is chosen. Several (trims and engines the VIN does not
 * tell apart): the buyer picks one.
 */
export function VinForm({ onChoose }: { onChoose: (vehicle: Vehicle) => void }) {
  const client = useQueryClient();
  const [vin, setVin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [answer, setAnswer] = useState<VinAnswer | null>(null);
  const id = useId();

  const choose = (vehicle: Vehicle) => {
    setAnswer(null);
    onChoose(vehicle);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    setAnswer(null);
    try {
      const found = await client.fetchQuery(vinQuery(vin.trim().toUpperCase()));
      if (found.vehicles.length === 1) choose(found.vehicles[0]!);
      else setAnswer(found);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 @md:flex-row @md:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="label">
            {text.vinLabel}
          </label>
          <input
            id={id}
            className="input font-mono uppercase"
            value={vin}
            onChange={(event) => setVin(event.target.value)}
            maxLength={20}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
        </div>
        <button type="submit" className="btn-secondary" disabled={busy || vin.trim() === ''}>
          {text.findVin}
        </button>
      </form>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {text.vinHint}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
      {answer && <VinMatches answer={answer} onChoose={choose} />}
    </div>
  );
}

function VinMatches({ answer, onChoose }: { answer: VinAnswer; onChoose: (vehicle: Vehicle) => void }) {
  const decoded = `${answer.year} ${answer.make}`;
  if (answer.vehicles.length === 0) {
    return (
      <p role="status" className="mt-2 text-sm text-slate-800">
        {text.vinNoMatch(decoded)}
      </p>
    );
  }
  return (
    <div role="status" className="mt-2 text-sm text-slate-800">
      <p>{text.vinMatches(decoded)}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {answer.vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            <button type="button" className="btn-secondary" onClick={() => onChoose(vehicle)}>
              {vehicleName(vehicle, true)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

import type { Ref } from 'react';
import type { Vehicle } from '../../../../shared/api.js';
import { vehicleName } from '../../../../shared/fitment.js';
import { messages } from '../../../../shared/messages.js';

const text = messages.ui.fitment;

/** The vehicle panel's heading and "Shopping for: 2015 Toyota Corolla LE 1.8L I4" (announced when it changes). */
export function CurrentVehicle({ vehicle, titleId, titleRef }: { vehicle: Vehicle | null; titleId: string; titleRef?: Ref<HTMLHeadingElement> }) {
  return (
    <>
      <h2 id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className="text-xl font-bold text-slate-900">
        {text.title}
      </h2>
      <p aria-live="polite" className="mt-1 text-slate-800">
        {vehicle ? (
          <>
            {text.shoppingFor} <strong>{vehicleName(vehicle, true)}</strong>
          </>
        ) : (
          text.noVehicle
        )}
      </p>
    </>
  );
}

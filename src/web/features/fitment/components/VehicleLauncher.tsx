import { lazy, Suspense, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Vehicle } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { Spinner } from '../../../components/Spinner.js';
import { useCurrentVehicle } from '../garage-store.js';
import { CurrentVehicle } from './CurrentVehicle.js';

// The selector, the garage and the VIN form load when asked for: the home page's first download stays
// within its budget (scripts/bundle-size.mjs).
const VehiclePanel = lazy(() => import('./VehiclePanel.js').then((module) => ({ default: module.VehiclePanel })));

const text = messages.ui.fitment;

/** The home page's vehicle: the one shopped for (as this browser remembers it) and a button that opens the selector. */
export function VehicleLauncher() {
  const current = useCurrentVehicle();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const navigate = useNavigate();
  if (open) {
    return (
      <Suspense fallback={<Spinner label={text.loadingSelector} />}>
        {/* Choosing a vehicle is shopping for it: its parts at once, not a second click. */}
        <VehiclePanel autoFocus onChoose={(vehicle) => void navigate(fitsPath(vehicle))}>
          {(vehicle) =>
            vehicle && (
              <div className="mt-3">
                <ShopFits vehicle={vehicle} />
              </div>
            )
          }
        </VehiclePanel>
      </Suspense>
    );
  }
  return (
    <section aria-labelledby={titleId} className="card flex flex-wrap items-center justify-between gap-4 p-5">
      <div>
        <CurrentVehicle vehicle={current} titleId={titleId} />
      </div>
      <div className="flex flex-wrap gap-3">
        {current && <ShopFits vehicle={current} />}
        <button type="button" className={current ? 'btn-secondary' : 'btn-primary'} onClick={() => setOpen(true)}>
          {current ? text.changeVehicle : text.openSelector}
        </button>
      </div>
    </section>
  );
}

function ShopFits({ vehicle }: { vehicle: Vehicle }) {
  return (
    <Link to={fitsPath(vehicle)} className="btn-primary">
      {text.shopFits}
    </Link>
  );
}

const fitsPath = (vehicle: Vehicle) => `/allProducts?vehicle=${vehicle.id}`;

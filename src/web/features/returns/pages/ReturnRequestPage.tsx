import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useParams } from 'react-router';
import type { Order, Vehicle } from '../../../../shared/api.js';
import { vehicleName } from '../../../../shared/fitment.js';
import { returnsUiMessages } from '../../../../shared/returns-copy.js';
import { RETURN_REASON_IN_WORDS, returnableUnits } from '../../../../shared/returns.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { Modal } from '../../../components/Modal.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { toast } from '../../../lib/toast.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { VehicleSelector } from '../../fitment/components/VehicleSelector.js';
import { useGarage } from '../../fitment/garage.js';
import { useOrder } from '../../orders/api.js';
import { useRequestReturn } from '../api.js';
import { emptyReturnForm, onFormRows, reasonsFor, returnableLines, returnFormFields, returnFormSchema } from '../return-form.js';

const text = returnsUiMessages.form;

/** /dashboard/orders/:id/return: the buyer asks to send back shipped parts of their order. */
export function ReturnRequestPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  return (
    <QueryState query={order} label="the order">
      {(item) => (
        <Panel title={text.title(item.number)}>
          <title>{`${text.title(item.number)} – Partsmith`}</title>
          {returnableLines(item.lines).length === 0 ? <p className="text-slate-700">{text.nothingToReturn}</p> : <ReturnForm order={item} />}
          <Link to={`/dashboard/orders/${item._id}`} className="mt-6 inline-block text-sm font-semibold text-brand-700 underline">
            {text.backToOrder}
          </Link>
        </Panel>
      )}
    </QueryState>
  );
}

function ReturnForm({ order }: { order: Order }) {
  const lines = returnableLines(order.lines);
  const garage = useGarage();
  // Vehicles named through the selector: offered with the garage's, and not added to it (naming is not shopping).
  const [named, setNamed] = useState<Vehicle[]>([]);
  const [pickingFor, setPickingFor] = useState<number | null>(null);
  const requestReturn = useRequestReturn(order._id);
  const navigate = useNavigate();
  const {
    register,
    watch,
    setValue,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: returnFormSchema(lines),
    defaultValues: emptyReturnForm(lines),
    fields: returnFormFields(lines.length),
    submit: ({ request, rows }) => requestReturn.mutateAsync(request).catch((error: unknown) => Promise.reject(onFormRows(error, rows))),
    onSuccess: (answer) => {
      toast.success(text.sent(answer.number));
      void navigate('/dashboard/returns');
    },
  });
  const rows = watch('lines');
  const vehicles = [...garage.vehicles, ...named.filter((vehicle) => !garage.vehicles.some((mine) => mine.id === vehicle.id))];

  const nameVehicle = (vehicle: Vehicle) => {
    // Rendered first, so the row's list has the vehicle's option when its value is set.
    flushSync(() => setNamed((list) => [vehicle, ...list.filter((other) => other.id !== vehicle.id)]));
    if (pickingFor !== null) setValue(`lines.${pickingFor}.vehicleId`, String(vehicle.id), { shouldValidate: true });
    setPickingFor(null);
  };

  return (
    <>
      <p className="mb-4 text-slate-700">{text.intro}</p>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {lines.map((line, index) => {
          const error = errors.lines?.[index];
          return (
            <fieldset key={line.productId} className="rounded-lg border border-slate-200 p-4" data-testid={`return-line-${line.productId}`}>
              <legend className="px-1 font-semibold text-slate-900">
                {line.product} <span className="font-mono text-xs text-slate-600">{line.sku}</span>
              </legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label={text.units} hint={text.unitsHint(returnableUnits(line))} error={error?.quantity?.message}>
                  <input type="number" min={0} max={returnableUnits(line)} step={1} className="input" {...register(`lines.${index}.quantity`, { valueAsNumber: true })} />
                </Field>
                <Field label={text.reason} error={error?.reason?.message}>
                  <select className="input" {...register(`lines.${index}.reason`)}>
                    <option value="">{text.chooseReason}</option>
                    {reasonsFor(line).map((reason) => (
                      <option key={reason} value={reason}>
                        {RETURN_REASON_IN_WORDS[reason]}
                      </option>
                    ))}
                  </select>
                </Field>
                {rows[index]?.reason === 'doesnt_fit' && (
                  <div className="space-y-2 sm:col-span-2">
                    <Field label={text.vehicle} error={error?.vehicleId?.message}>
                      <select className="input" {...register(`lines.${index}.vehicleId`)}>
                        <option value="">{text.chooseVehicle}</option>
                        {vehicles.map((vehicle) => (
                          <option key={vehicle.id} value={String(vehicle.id)}>
                            {vehicleName(vehicle, true)}
                          </option>
                        ))}
                      </select>
                    </Field>
                    <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setPickingFor(index)}>
                      {text.otherVehicle}
                    </button>
                  </div>
                )}
              </div>
            </fieldset>
          );
        })}
        {(errors.lines?.message ?? errors.lines?.root?.message) && (
          <p role="alert" className="field-error">
            {errors.lines?.message ?? errors.lines?.root?.message}
          </p>
        )}
        <Field label={text.note} error={errors.note?.message}>
          <textarea rows={3} className="input" {...register('note')} />
        </Field>
        <SubmitRow error={formError} busy={isSubmitting} label={text.submit} busyLabel={text.submitting} />
      </form>
      {/* Outside the form: the selector is a form of its own. */}
      <Modal open={pickingFor !== null} onClose={() => setPickingFor(null)} title={text.otherVehicle}>
        <div className="@container">
          <VehicleSelector onChoose={nameVehicle} chooseLabel={text.useVehicle} />
        </div>
      </Modal>
    </>
  );
}

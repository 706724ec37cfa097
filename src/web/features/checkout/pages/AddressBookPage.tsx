import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { addressOneLine } from '../../../../shared/address.js';
import type { Address } from '../../../../shared/checkout-api.js';
import { checkoutCopy } from '../../../../shared/checkout-copy.js';
import { shippingAddressSchema } from '../../../../shared/checkout-schemas.js';
import { FormError } from '../../../components/Field.js';
import { QueryState } from '../../../components/QueryState.js';
import { ApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/form-errors.js';
import { toast } from '../../../lib/toast.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { useAddresses, useCreateAddress, useDeleteAddress, useUpdateAddress } from '../api.js';
import { AddressFields, BLANK_ADDRESS } from '../components/AddressFields.js';
import { ADDRESS_FIELDS } from '../components/AddressPicker.js';

const text = checkoutCopy.book;
const formSchema = z.object({ shippingAddress: shippingAddressSchema });

/** The server names an address's fields as they are (`postalCode`); the form holds them under `shippingAddress`. */
function underAddress(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [`shippingAddress.${field}`, message]));
  return new ApiError(error.status, error.code, error.message, fields, error.body);
}

/** Adds an address, or changes one (`editing`). */
function AddressEditor({ editing, onDone }: { editing: Address | null; onDone: () => void }) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const { id: _id, isDefault: _isDefault, ...fields } = editing ?? { ...BLANK_ADDRESS, id: 0, isDefault: false };
  const form = useServerForm({
    schema: formSchema,
    defaultValues: { shippingAddress: fields },
    fields: ADDRESS_FIELDS,
    submit: async ({ shippingAddress }) => {
      try {
        return await (editing ? update.mutateAsync({ id: editing.id, patch: shippingAddress }) : create.mutateAsync(shippingAddress));
      } catch (error) {
        throw underAddress(error);
      }
    },
    onSuccess: (_saved, { reset }) => {
      toast.success(text.saved);
      reset();
      onDone();
    },
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.onSubmit} noValidate className="card space-y-3 p-5" aria-label={editing ? text.editTitle(editing.name) : text.add}>
        <h2 className="text-lg font-semibold text-slate-900">{editing ? text.editTitle(editing.name) : text.add}</h2>
        <AddressFields />
        <FormError message={form.formError} />
        <div className="flex gap-3">
          <button type="submit" className="btn-primary" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? text.saving : text.save}
          </button>
          {editing && (
            <button type="button" className="btn-secondary" onClick={onDone}>
              {text.cancel}
            </button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}

function AddressRow({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const [problem, setProblem] = useState<string | null>(null);
  const run = (call: () => Promise<unknown>, done: string) => {
    setProblem(null);
    call().then(
      () => toast.success(done),
      (error: unknown) => setProblem(errorText(error)),
    );
  };
  return (
    <li className="card space-y-2 p-4">
      <p className="text-slate-900">
        <strong>{address.name}</strong>
        {address.isDefault && <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs">{checkoutCopy.defaultAddress}</span>}
      </p>
      <p className="text-sm text-slate-700">{addressOneLine(address)}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={onEdit}>
          {text.edit}
        </button>
        {!address.isDefault && (
          <button type="button" className="btn-secondary" aria-label={text.makeDefaultLabel(address.name)} onClick={() => run(() => update.mutateAsync({ id: address.id, patch: { isDefault: true } }), text.madeDefault)}>
            {text.makeDefault}
          </button>
        )}
        <button type="button" className="btn-secondary" aria-label={text.removeLabel(address.name)} onClick={() => run(() => remove.mutateAsync(address.id), text.removed)}>
          {text.remove}
        </button>
      </div>
      <FormError message={problem} />
    </li>
  );
}

/** The signed-in buyer's saved addresses (/dashboard/addresses): add, edit, delete, make one the default. */
export function AddressBookPage() {
  const addresses = useAddresses();
  const [editing, setEditing] = useState<Address | null>(null);
  return (
    <div className="space-y-6">
      <title>{`${text.title} – Partsmith`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{text.title}</h1>
      <QueryState query={addresses} label="your addresses">
        {(items) =>
          items.length === 0 ? (
            <p className="text-slate-700">{text.none}</p>
          ) : (
            <ul className="space-y-3">
              {items.map((address) => (
                <AddressRow key={address.id} address={address} onEdit={() => setEditing(address)} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {/* A fresh form per address edited, and a blank one after each save. */}
      <AddressEditor key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
    </div>
  );
}

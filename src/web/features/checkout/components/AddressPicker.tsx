import { useFormContext } from 'react-hook-form';
import { addressOneLine } from '../../../../shared/address.js';
import type { Address } from '../../../../shared/checkout-api.js';
import { checkoutCopy } from '../../../../shared/checkout-copy.js';
import { messages } from '../../../../shared/messages.js';
import { type AddressDraft, NEW_ADDRESS } from '../../../../shared/checkout-schemas.js';
import { AddressFields, BLANK_ADDRESS } from './AddressFields.js';

/** An address's inputs in a form (AddressFields). */
export const ADDRESS_FIELDS = (['name', 'company', 'line1', 'line2', 'city', 'region', 'postalCode', 'country', 'phone'] as const).map(
  (field) => `shippingAddress.${field}` as const,
);
/** The inputs of the delivery whose server messages go under them. */
export const DELIVERY_FIELDS = ['addressChoice', 'shippingMethodId', 'vatId', ...ADDRESS_FIELDS] as const;

export interface DeliveryForm {
  addressChoice: string;
  shippingAddress: AddressDraft;
  shippingMethodId: string;
  vatId: string;
}

/** The delivery's starting values: the default saved address chosen, or a new address for the buyer's name and phone. */
export function deliveryDefaults(addresses: readonly Address[], name: string, phone: string): DeliveryForm {
  const preferred = addresses.find((address) => address.isDefault) ?? addresses[0];
  return {
    addressChoice: preferred ? String(preferred.id) : NEW_ADDRESS,
    shippingAddress: { ...BLANK_ADDRESS, name, phone },
    shippingMethodId: '',
    vatId: '',
  };
}

/** Where the order goes: one of the saved addresses, or a new one typed here (SPEC's Delivery Address). */
export function AddressPicker({ addresses }: { addresses: readonly Address[] }) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<DeliveryForm>();
  const choice = watch('addressChoice');
  const error = errors.addressChoice?.message;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'address-choice-error' : undefined}>
      <legend className="label">{messages.ui.cart.address}</legend>
      {addresses.map((address) => (
        <label key={address.id} className="flex items-start gap-2 text-sm text-slate-800">
          <input type="radio" value={String(address.id)} className="mt-1" {...register('addressChoice')} />
          <span>
            <strong>{address.name}</strong>
            {address.isDefault && <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs">{checkoutCopy.defaultAddress}</span>}
            <br />
            {addressOneLine(address)}
          </span>
        </label>
      ))}
      {addresses.length > 0 && (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="radio" value={NEW_ADDRESS} {...register('addressChoice')} />
          {checkoutCopy.newAddress}
        </label>
      )}
      {choice === NEW_ADDRESS && <AddressFields />}
      {error && (
        <p id="address-choice-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

import { useFormContext, type FieldErrors } from 'react-hook-form';
import { checkoutCopy } from '../../../../shared/checkout-copy.js';
import type { AddressDraft } from '../../../../shared/checkout-schemas.js';
import { COUNTRY_CODES, REGIONS } from '../../../../shared/geography.js';
import { Field } from '../../../components/Field.js';

const text = checkoutCopy.fields;

/** Every form holding an address holds it under `shippingAddress`, so one set of fields serves them all. */
export interface AddressForm {
  shippingAddress: AddressDraft;
}

export const BLANK_ADDRESS: AddressDraft = { name: '', company: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US', phone: '' };

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** The countries by their English names, each with its ISO code (what the server takes). */
export const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ code, name: countryNames.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));

/** The country select and the region (a select of the shared list where the country has one) and postal code. */
export function DestinationFields() {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<AddressForm>();
  const fieldErrors: FieldErrors<AddressDraft> = errors.shippingAddress ?? {};
  const regions = REGIONS[watch('shippingAddress.country')];
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field label={text.country} error={fieldErrors.country?.message}>
        <select className="input" autoComplete="country" {...register('shippingAddress.country')}>
          {COUNTRY_OPTIONS.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={text.region} error={fieldErrors.region?.message}>
        {regions ? (
          <select className="input" autoComplete="address-level1" {...register('shippingAddress.region')}>
            <option value="">{text.chooseRegion}</option>
            {regions.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        ) : (
          <input type="text" className="input" autoComplete="address-level1" {...register('shippingAddress.region')} />
        )}
      </Field>
      <Field label={text.postalCode} error={fieldErrors.postalCode?.message}>
        <input type="text" className="input" autoComplete="postal-code" {...register('shippingAddress.postalCode')} />
      </Field>
    </div>
  );
}

/** A full address, its messages from the shared schema (shippingAddressSchema). */
export function AddressFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<AddressForm>();
  const fieldErrors: FieldErrors<AddressDraft> = errors.shippingAddress ?? {};
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={text.name} error={fieldErrors.name?.message}>
          <input type="text" className="input" autoComplete="name" {...register('shippingAddress.name')} />
        </Field>
        <Field label={text.company} error={fieldErrors.company?.message}>
          <input type="text" className="input" autoComplete="organization" {...register('shippingAddress.company')} />
        </Field>
      </div>
      <Field label={text.line1} error={fieldErrors.line1?.message}>
        <input type="text" className="input" autoComplete="address-line1" {...register('shippingAddress.line1')} />
      </Field>
      <Field label={text.line2} error={fieldErrors.line2?.message}>
        <input type="text" className="input" autoComplete="address-line2" {...register('shippingAddress.line2')} />
      </Field>
      <Field label={text.city} error={fieldErrors.city?.message}>
        <input type="text" className="input" autoComplete="address-level2" {...register('shippingAddress.city')} />
      </Field>
      <DestinationFields />
      <Field label={text.phone} error={fieldErrors.phone?.message}>
        <input type="tel" className="input" {...register('shippingAddress.phone')} />
      </Field>
    </div>
  );
}

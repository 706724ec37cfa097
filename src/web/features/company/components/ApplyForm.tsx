import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { shippingAddressSchema } from '../../../../shared/checkout-schemas.js';
import { companyApplicationSchema } from '../../../../shared/companies.js';
import { tradeBuyerCopy } from '../../../../shared/trade-buyer-copy.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { ApiError } from '../../../lib/api-client.js';
import { toast } from '../../../lib/toast.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { AddressFields, BLANK_ADDRESS } from '../../checkout/components/AddressFields.js';
import { ADDRESS_FIELDS } from '../../checkout/components/AddressPicker.js';
import { useApplyForCompany } from '../api.js';

const text = tradeBuyerCopy.apply;
const { name, vatId, taxCertificate, phone } = companyApplicationSchema.shape;
/** The application as the form holds it: the address under `shippingAddress`, where the checkout's address fields put it. */
const formSchema = z.object({ name, vatId, taxCertificate, phone, shippingAddress: shippingAddressSchema });
const FIELDS = ['name', 'vatId', 'taxCertificate', 'phone', ...ADDRESS_FIELDS] as const;

/** The server names the address's fields `address.line1`; the form holds them under `shippingAddress`. */
function underShippingAddress(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field.replace(/^address\./, 'shippingAddress.'), message]));
  return new ApiError(error.status, error.code, error.message, fields, error.body);
}

/** POST /api/companies: company name, VAT ID or US exemption certificate, phone and address. */
export function ApplyForm() {
  const apply = useApplyForCompany();
  const form = useServerForm({
    schema: formSchema,
    defaultValues: { name: '', vatId: '', taxCertificate: '', phone: '', shippingAddress: BLANK_ADDRESS },
    fields: FIELDS,
    submit: async ({ shippingAddress, ...company }) => {
      try {
        return await apply.mutateAsync({ ...company, address: shippingAddress });
      } catch (error) {
        throw underShippingAddress(error);
      }
    },
    onSuccess: () => toast.success(text.sent),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <FormProvider {...form}>
      <form onSubmit={form.onSubmit} noValidate className="space-y-4" aria-label={text.title}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={text.name} error={errors.name?.message}>
            <input type="text" className="input" autoComplete="organization" {...register('name')} />
          </Field>
          <Field label={text.phone} error={errors.phone?.message}>
            <input type="tel" className="input" autoComplete="tel" {...register('phone')} />
          </Field>
          <Field label={text.vatId} hint={text.vatIdHint} error={errors.vatId?.message}>
            <input type="text" className="input" autoComplete="off" {...register('vatId')} />
          </Field>
          <Field label={text.taxCertificate} hint={text.taxCertificateHint} error={errors.taxCertificate?.message}>
            <input type="text" className="input" autoComplete="off" {...register('taxCertificate')} />
          </Field>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">{text.address}</legend>
          <AddressFields />
        </fieldset>
        <SubmitRow error={form.formError} busy={isSubmitting} label={text.submit} busyLabel={text.submitting} />
      </form>
    </FormProvider>
  );
}

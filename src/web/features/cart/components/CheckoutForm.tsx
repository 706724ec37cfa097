import { useEffect, useRef } from 'react';
import { FormProvider, useForm, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import type { User } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import type { Address } from '../../../../shared/checkout-api.js';
import { checkoutFormSchema } from '../../../../shared/checkout-schemas.js';
import { Field } from '../../../components/Field.js';
import { Spinner } from '../../../components/Spinner.js';
import { useProfile } from '../../account/api.js';
import { useAuth } from '../../auth/auth-context.js';
import { signInLinkState } from '../../auth/redirect.js';
import { type QuoteRequest, useAddresses } from '../../checkout/api.js';
import { AddressPicker, DELIVERY_FIELDS, deliveryDefaults } from '../../checkout/components/AddressPicker.js';
import { QuotePanel } from '../../checkout/components/QuotePanel.js';

const text = messages.ui.cart;

export type CheckoutInput = z.input<typeof checkoutFormSchema>;
export type CheckoutValues = z.output<typeof checkoutFormSchema>;
export type SetCheckoutError = UseFormSetError<CheckoutInput>;
/** The checkout's inputs: a server message about one of them goes under it. */
export const CHECKOUT_FIELDS = ['phone', 'poNumber', ...DELIVERY_FIELDS] as const;

interface CheckoutProps {
  /** Places the order; its problems are the caller's to show (`setError` for the inputs). */
  place: (values: CheckoutValues, setError: SetCheckoutError) => Promise<void>;
  /** When the buyer changes an input: another order than the one last sent. */
  onEdit: () => void;
  /** The cart's lines to price shipping and tax for; null while one of them cannot be ordered as it is. */
  lines: QuoteRequest['lines'] | null;
  /** A trade account member's cart (issue 63): its goods at the public prices, in dollars, for the quote to compare; else null. */
  publicSubtotal?: number | null;
}

/**
 * Where the order goes: the signed-in buyer's phone (prefilled from the profile), a saved or new address,
 * the shipping method and total (the quote), and their own PO number. A visitor is asked to sign in first, and comes back to the cart.
 */
export function Checkout(props: CheckoutProps) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner label={text.loading} />;
  if (!user) {
    return (
      <Link to="/login" state={signInLinkState(location)} className="btn-primary px-6 py-3 text-base">
        {text.signIn}
      </Link>
    );
  }
  return <ProfiledCheckout user={user} {...props} />;
}

function ProfiledCheckout({ user, ...props }: CheckoutProps & { user: User }) {
  const profile = useProfile(user.email);
  const addresses = useAddresses();
  if (profile.isPending || addresses.isPending) return <Spinner label={text.loading} />;
  return <CheckoutForm name={user.name} phone={profile.data?.phone ?? ''} addresses={addresses.data ?? []} {...props} />;
}

function CheckoutForm({ name, phone, addresses, place, onEdit, lines, publicSubtotal = null }: CheckoutProps & { name: string; phone: string; addresses: readonly Address[] }) {
  const form = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: { phone, ...deliveryDefaults(addresses, name, phone), poNumber: '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const onEditRef = useRef(onEdit);
  onEditRef.current = onEdit;
  useEffect(() => {
    const { unsubscribe } = watch((_values, { type }) => {
      if (type === 'change') onEditRef.current();
    });
    return unsubscribe;
  }, [watch]);

  return (
    <FormProvider {...form}>
    <form onSubmit={handleSubmit((values) => place(values, setError))} noValidate className="card space-y-3 p-5">
      <Field label={text.phone} error={errors.phone?.message}>
        <input type="tel" autoComplete="tel" className="input" {...register('phone')} />
      </Field>
      <AddressPicker addresses={addresses} />
      <QuotePanel lines={lines} publicSubtotal={publicSubtotal} />
      <Field label={text.poNumber} hint={text.poNumberHint} error={errors.poNumber?.message}>
        <input type="text" className="input" {...register('poNumber')} />
      </Field>
      <button type="submit" className="btn-primary px-6 py-3 text-base" disabled={isSubmitting}>
        {isSubmitting ? text.placing : text.place}
      </button>
    </form>
    </FormProvider>
  );
}

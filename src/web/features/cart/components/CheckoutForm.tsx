import { useEffect, useRef } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import type { User } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { checkoutFormSchema } from '../../../../shared/schemas.js';
import { Field } from '../../../components/Field.js';
import { Spinner } from '../../../components/Spinner.js';
import { useProfile } from '../../account/api.js';
import { useAuth } from '../../auth/auth-context.js';
import { signInLinkState } from '../../auth/redirect.js';

const text = messages.ui.cart;

export type CheckoutInput = z.input<typeof checkoutFormSchema>;
export type CheckoutValues = z.output<typeof checkoutFormSchema>;
export type SetCheckoutError = UseFormSetError<CheckoutInput>;
/** The checkout's inputs: a server message about one of them goes under it. */
export const CHECKOUT_FIELDS = ['phone', 'address', 'poNumber'] as const;

interface CheckoutProps {
  /** Places the order; its problems are the caller's to show (`setError` for the inputs). */
  place: (values: CheckoutValues, setError: SetCheckoutError) => Promise<void>;
  /** When the buyer changes an input: another order than the one last sent. */
  onEdit: () => void;
}

/**
 * Where the order goes: the signed-in buyer's phone and address (prefilled from the profile) and their own
 * PO number. A visitor is asked to sign in first, and comes back to the cart.
 */
export function Checkout({ place, onEdit }: CheckoutProps) {
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
  return <ProfiledCheckout user={user} place={place} onEdit={onEdit} />;
}

function ProfiledCheckout({ user, ...props }: CheckoutProps & { user: User }) {
  const profile = useProfile(user.email);
  if (profile.isPending) return <Spinner label={text.loading} />;
  return <CheckoutForm phone={profile.data?.phone ?? ''} address={profile.data?.address ?? ''} {...props} />;
}

function CheckoutForm({ phone, address, place, onEdit }: CheckoutProps & { phone: string; address: string }) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: { phone, address, poNumber: '' },
  });
  const onEditRef = useRef(onEdit);
  onEditRef.current = onEdit;
  useEffect(() => {
    const { unsubscribe } = watch((_values, { type }) => {
      if (type === 'change') onEditRef.current();
    });
    return unsubscribe;
  }, [watch]);

  return (
    <form onSubmit={handleSubmit((values) => place(values, setError))} noValidate className="card space-y-3 p-5">
      <Field label={text.phone} error={errors.phone?.message}>
        <input type="tel" autoComplete="tel" className="input" {...register('phone')} />
      </Field>
      <Field label={text.address} error={errors.address?.message}>
        <textarea rows={2} autoComplete="street-address" className="input" {...register('address')} />
      </Field>
      <Field label={text.poNumber} hint={text.poNumberHint} error={errors.poNumber?.message}>
        <input type="text" className="input" {...register('poNumber')} />
      </Field>
      <button type="submit" className="btn-primary px-6 py-3 text-base" disabled={isSubmitting}>
        {isSubmitting ? text.placing : text.place}
      </button>
    </form>
  );
}

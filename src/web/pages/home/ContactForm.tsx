import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify/unstyled';
import { messages } from '../../../shared/messages.js';
import { contactInputSchema } from '../../../shared/schemas.js';
import { useContact } from '../../api/contact.js';
import { contact as copy } from '../../content/home.js';
import { Field, FormError } from '../../components/Field.js';
import { applyServerError } from '../../components/form-errors.js';

export function ContactForm() {
  const contact = useContact();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(contactInputSchema), defaultValues: { email: '', message: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await contact.mutateAsync(values);
    } catch (error) {
      setFormError(applyServerError(error, setError, ['email', 'message']) || null);
      return;
    }
    toast.success(messages.ui.contactSent);
    reset({ email: '', message: '' });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Contact us">
      <Field label="Email" error={errors.email?.message}>
        <input type="email" autoComplete="email" className="input" placeholder={copy.emailPlaceholder} {...register('email')} />
      </Field>
      <Field label="Message" error={errors.message?.message}>
        <textarea rows={4} className="input" placeholder={copy.messagePlaceholder} {...register('message')} />
      </Field>
      <FormError message={formError} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : copy.button}
      </button>
    </form>
  );
}

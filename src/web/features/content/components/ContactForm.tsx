import { toast } from '../../../lib/toast.js';
import { messages } from '../../../../shared/messages.js';
import { contactInputSchema } from '../../../../shared/schemas.js';
import { useContact } from '../api.js';
import { contact as copy } from '../copy/home.js';
import { Field, FormError } from '../../../components/Field.js';
import { useServerForm } from '../../../lib/useServerForm.js';

export function ContactForm() {
  const contact = useContact();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: contactInputSchema,
    defaultValues: { email: '', message: '' },
    fields: ['email', 'message'],
    submit: (values) => contact.mutateAsync(values),
    onSuccess: (_sent, { reset }) => {
      toast.success(messages.ui.contactSent);
      reset({ email: '', message: '' });
    },
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

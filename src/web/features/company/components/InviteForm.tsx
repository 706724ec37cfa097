import { z } from 'zod';
import { COMPANY_ROLES } from '../../../../shared/companies.js';
import { emailSchema } from '../../../../shared/schemas.js';
import { tradeBuyerCopy } from '../../../../shared/trade-buyer-copy.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { toast } from '../../../lib/toast.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { useInvite } from '../api.js';
import { typedLimitSchema } from './limit.js';

const text = tradeBuyerCopy.company;
const formSchema = z.object({ email: emailSchema, role: z.enum(COMPANY_ROLES), spendingLimit: typedLimitSchema });

/** POST /api/companies/:id/invitations: a colleague's e-mail, their role and an optional limit per order. */
export function InviteForm({ companyId }: { companyId: number }) {
  const invite = useInvite(companyId);
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: formSchema,
    defaultValues: { email: '', role: 'buyer', spendingLimit: '' },
    fields: ['email', 'role', 'spendingLimit'],
    submit: ({ email, role, spendingLimit }) => invite.mutateAsync({ email, role, ...(spendingLimit !== null && { spendingLimit }) }),
    onSuccess: (_answer, { reset }) => {
      toast.success(text.invitationSent);
      reset();
    },
  });
  return (
    <section className="space-y-3" aria-labelledby="invite-heading">
      <h3 id="invite-heading" className="text-lg font-bold text-slate-900">
        {text.invite}
      </h3>
      <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-3" aria-label={text.invite}>
        <Field label={text.inviteEmail} error={errors.email?.message}>
          <input type="email" className="input" autoComplete="off" {...register('email')} />
        </Field>
        <Field label={text.inviteRole} error={errors.role?.message}>
          <select className="input" {...register('role')}>
            {COMPANY_ROLES.map((role) => (
              <option key={role} value={role}>
                {text.roles[role]}
              </option>
            ))}
          </select>
        </Field>
        <Field label={text.inviteLimit} hint={text.inviteLimitHint} error={errors.spendingLimit?.message}>
          <input type="text" inputMode="decimal" className="input" {...register('spendingLimit')} />
        </Field>
        <SubmitRow className="sm:col-span-3" error={formError} busy={isSubmitting} label={text.sendInvitation} busyLabel={text.sending} />
      </form>
    </section>
  );
}

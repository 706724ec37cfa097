import { useState, type FormEvent } from 'react';
import type { User } from '../../../../shared/api.js';
import { taxExemptionSchema } from '../../../../shared/checkout-schemas.js';
import { checkoutMessages } from '../../../../shared/messages.js';
import { Field } from '../../../components/Field.js';
import { ApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/form-errors.js';
import { toast } from '../../../lib/toast.js';
import { useRecordTaxExemption, useRemoveTaxExemption } from '../api.js';

const text = checkoutMessages.exemption;

type Problems = Partial<Record<'certificate' | 'expiresOn', string>>;

/**
 * Records or ends a buyer's US resale or exemption certificate (PUT/DELETE /api/admin/users/:email/tax-exemption).
 * The shop answers no GET for it, so the form starts empty: recording again replaces the certificate.
 */
export function TaxExemptionForm({ users }: { users: readonly User[] }) {
  const buyers = users.filter((user) => user.role !== 'admin');
  const [email, setEmail] = useState('');
  const [certificate, setCertificate] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const record = useRecordTaxExemption();
  const remove = useRemoveTaxExemption();
  const busy = record.isPending || remove.isPending;

  const onRecord = async (event: FormEvent) => {
    event.preventDefault();
    // The server's own rules, checked here first so a typo is marked beside its field.
    const parsed = taxExemptionSchema.safeParse({ certificate, expiresOn });
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])) as Problems);
      return;
    }
    setProblems({});
    try {
      const saved = await record.mutateAsync({ email, ...parsed.data });
      toast.success(text.recorded(saved.email, saved.expiresOn));
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields) setProblems(failure.fields);
      toast.error(errorText(failure));
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync(email);
      toast.success(text.removed(email));
      setCertificate('');
      setExpiresOn('');
    } catch (failure) {
      toast.error(errorText(failure));
    }
  };

  return (
    <section aria-labelledby="tax-exemption-title" className="mt-8 rounded-lg border border-slate-200 p-4">
      <h3 id="tax-exemption-title" className="font-semibold text-slate-900">
        {text.title}
      </h3>
      <p className="mb-3 text-sm text-slate-700">{text.intro}</p>
      <form className="grid gap-3 sm:grid-cols-3" onSubmit={(event) => void onRecord(event)} noValidate>
        <Field label={text.buyer}>
          <select className="input" value={email} onChange={(event) => setEmail(event.target.value)}>
            <option value="">{text.chooseBuyer}</option>
            {buyers.map((user) => (
              <option key={user._id} value={user.email}>
                {user.name} ({user.email})
              </option>
            ))}
          </select>
        </Field>
        <Field label={text.certificate} error={problems.certificate}>
          <input className="input" value={certificate} maxLength={80} onChange={(event) => setCertificate(event.target.value)} />
        </Field>
        <Field label={text.expiresOn} error={problems.expiresOn}>
          <input className="input" type="date" value={expiresOn} onChange={(event) => setExpiresOn(event.target.value)} />
        </Field>
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <button type="submit" className="btn-primary" disabled={!email || busy}>
            {text.record}
          </button>
          <button type="button" className="btn-danger" disabled={!email || busy} onClick={() => void onRemove()}>
            {text.remove}
          </button>
        </div>
      </form>
    </section>
  );
}

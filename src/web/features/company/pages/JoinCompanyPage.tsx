import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { companyMessages } from '../../../../shared/companies-copy.js';
import { tradeBuyerCopy } from '../../../../shared/trade-buyer-copy.js';
import { FormError } from '../../../components/Field.js';
import { errorText } from '../../../lib/form-errors.js';
import { toast } from '../../../lib/toast.js';
import { useJoinCompany } from '../api.js';

const text = tradeBuyerCopy.join;

/**
 * /company/join?token=…: the invitation e-mail's link. Signed-in users only (RequireAuth sends a visitor to sign in
 * and back here, the token with them); Join sends the token, and a member goes on to their trade account.
 */
export function JoinCompanyPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const join = useJoinCompany();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(token ? null : companyMessages.invitationInvalid);

  const onJoin = async () => {
    setProblem(null);
    try {
      const company = await join.mutateAsync(token);
      toast.success(text.joined(company.name));
      await navigate('/dashboard/company');
    } catch (failure) {
      setProblem(errorText(failure));
    }
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <title>{`${text.title} – Partsmith`}</title>
      <div className="card space-y-4 p-6 sm:p-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{text.title}</h1>
        <p className="text-slate-700">{text.intro}</p>
        <button type="button" className="btn-primary" disabled={!token || join.isPending} onClick={() => void onJoin()}>
          {join.isPending ? text.joining : text.submit}
        </button>
        <FormError message={problem} />
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import type { MyCompany } from '../../../../shared/companies.js';
import { tradeBuyerCopy } from '../../../../shared/trade-buyer-copy.js';
import { Notice } from '../../../components/Notice.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { useMyCompany } from '../api.js';
import { ApplyForm } from '../components/ApplyForm.js';
import { InviteForm } from '../components/InviteForm.js';
import { MembersTable } from '../components/MembersTable.js';

const text = tradeBuyerCopy;

/**
 * The signed-in buyer's trade account (/dashboard/company): the application form while they have none (or after a
 * declined one), its state while staff review it, and once approved the company with their role and limit; its
 * admins also manage the members, invite colleagues and reach the company's orders.
 */
export function CompanyPage() {
  const company = useMyCompany();
  return (
    <QueryState query={company} label={text.loading}>
      {(mine) => (mine ? <CompanyView company={mine} /> : <Apply />)}
    </QueryState>
  );
}

function Apply({ declineReason }: { declineReason?: string | null }) {
  return (
    <Panel title={text.apply.title}>
      <title>{`${text.apply.title} – Partsmith`}</title>
      <div className="space-y-4">
        {declineReason !== undefined && (
          <Notice tone="error">
            <p>{text.apply.declined(declineReason ?? '')}</p>
            <p>{text.apply.again}</p>
          </Notice>
        )}
        <p className="text-slate-700">{text.apply.intro}</p>
        <ApplyForm />
      </div>
    </Panel>
  );
}

function CompanyView({ company }: { company: MyCompany }) {
  if (company.status === 'declined') return <Apply declineReason={company.declineReason} />;
  if (company.status === 'pending') {
    return (
      <Panel title={company.name}>
        <title>{`${company.name} – Partsmith`}</title>
        <p className="text-slate-800" role="status">
          {text.apply.pending}
        </p>
      </Panel>
    );
  }
  const isAdmin = company.role === 'admin';
  return (
    <Panel title={company.name}>
      <title>{`${company.name} – Partsmith`}</title>
      <div className="space-y-6">
        <div className="space-y-1 text-slate-800">
          <p data-testid="my-role">{text.company.yourRole(text.company.roles[company.role])}</p>
          <p data-testid="my-limit">{company.spendingLimit === null ? text.company.yourNoLimit : text.company.yourLimit(company.spendingLimit)}</p>
          {company.spendingLimit !== null && <p className="text-sm text-slate-700">{text.company.overLimit}</p>}
        </div>
        {isAdmin && (
          <>
            <MembersTable company={company} />
            <InviteForm companyId={company.id} />
            <section className="space-y-2" aria-labelledby="company-orders-heading">
              <h3 id="company-orders-heading" className="text-lg font-bold text-slate-900">
                {text.company.orders}
              </h3>
              <p className="text-slate-700">{text.company.ordersIntro}</p>
              <Link to="/dashboard/company/orders" className="btn-secondary inline-block">
                {text.company.orders}
              </Link>
            </section>
          </>
        )}
      </div>
    </Panel>
  );
}

import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { COMPANY_STATUSES, type AdminCompany, type CompanyStatus } from '../../../../shared/companies.js';
import { formatDollars } from '../../../../shared/money.js';
import { tradeStaffCopy } from '../../../../shared/trade-staff-copy.js';
import { ActionsMenu, type MenuAction } from '../../../components/ActionsMenu.js';
import { CollapsibleFilters } from '../../../components/CollapsibleFilters.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { formatDate } from '../../../lib/format-date.js';
import { useAdminCompanies, usePriceLists } from '../api.js';
import { type Decision, DecisionDialog } from '../components/DecisionDialog.js';

const copy = tradeStaffCopy.companies;
const ALL = 'all';
/** Pending first: the applications waiting for a decision. */
const FILTERS = ['pending', 'approved', 'declined', ALL] as const;

const STATUS_TONE: Record<CompanyStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-slate-200 text-slate-800',
};

/** `?status=` of the address; without one, the pending applications. */
const statusParam = (value: string | null): CompanyStatus | typeof ALL => (value === ALL ? ALL : (COMPANY_STATUSES.find((status) => status === value) ?? 'pending'));

/**
 * Companies (issue 63): the trade-account applications and companies by status (`?status=`, pending first),
 * each with its applicant, tax id, size and what it spent in the last 30 days. Approve sets its price list
 * (or none), Decline asks for the reason the applicant sees, Change price list moves an approved one; Details
 * unfolds the company's price list, address and spending under its row.
 */
export function CompaniesPage() {
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get('status'));
  const companies = useAdminCompanies(status === ALL ? null : status);
  const priceLists = usePriceLists();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const choose = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('status', value);
        return next;
      },
      { replace: true },
    );
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const listName = (id: string | null) => (id === null ? copy.noPriceList : (priceLists.data?.find((list) => list.id === id)?.name ?? id));

  const actions = (company: AdminCompany): MenuAction[] => [
    { label: open.has(company.id) ? copy.hideDetails : copy.details, onSelect: () => toggle(company.id) },
    ...(company.status === 'pending'
      ? [
          { label: copy.approve, onSelect: () => setDecision({ kind: 'approve', company }) },
          { label: copy.decline, danger: true, onSelect: () => setDecision({ kind: 'decline', company }) },
        ]
      : company.status === 'approved'
        ? [{ label: copy.changePriceList, onSelect: () => setDecision({ kind: 'change', company }) }]
        : []),
  ];

  return (
    <Panel title={copy.title}>
      <title>{`${copy.title} – Partsmith`}</title>
      <CollapsibleFilters>
        <label className="text-sm">
          <span className="label">{copy.statusFilter}</span>
          <select className="input" value={status} onChange={(event) => choose(event.target.value)}>
            {FILTERS.map((choice) => (
              <option key={choice} value={choice}>
                {copy.statusOption[choice]}
              </option>
            ))}
          </select>
        </label>
      </CollapsibleFilters>
      <QueryState query={companies} label="companies">
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-700">{copy.none}</p>
          ) : (
            <DataTable label={copy.tableLabel} columns={copy.columns}>
              {list.flatMap((company) => [
                  <tr key={company.id} data-testid={`company-${company.id}`}>
                    <td className="font-medium">{company.name}</td>
                    <td>
                      <p>{company.applicant.name}</p>
                      <p className="text-xs break-all text-slate-700">{company.applicant.email}</p>
                    </td>
                    <td className="text-sm">
                      {company.vatId && <p>{copy.vatId(company.vatId)}</p>}
                      {company.taxCertificate && <p>{copy.certificate(company.taxCertificate)}</p>}
                      {!company.vatId && !company.taxCertificate && copy.noTaxId}
                    </td>
                    <td>{company.memberCount}</td>
                    <td className="whitespace-nowrap">{formatDollars(company.spentLast30Days)}</td>
                    <td>
                      <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[company.status]}`}>{copy.statusBadge[company.status]}</span>
                    </td>
                    <td>
                      <ActionsMenu of={company.name} actions={actions(company)} />
                    </td>
                  </tr>,
                  open.has(company.id) && (
                    <tr key={`${company.id}-details`}>
                      <td colSpan={copy.columns.length}>
                        <dl aria-label={copy.detailsOf(company.name)} className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                          <dt className="font-medium">{copy.detail.priceList}</dt>
                          <dd>{listName(company.priceListId)}</dd>
                          <dt className="font-medium">{copy.detail.spent}</dt>
                          <dd>{formatDollars(company.spentLast30Days)}</dd>
                          <dt className="font-medium">{copy.detail.members}</dt>
                          <dd>{company.memberCount}</dd>
                          <dt className="font-medium">{copy.detail.phone}</dt>
                          <dd>{company.phone}</dd>
                          <dt className="font-medium">{copy.detail.address}</dt>
                          <dd>{[company.address.line1, company.address.line2, company.address.city, company.address.region, company.address.postalCode, company.address.country].filter(Boolean).join(', ')}</dd>
                          <dt className="font-medium">{copy.detail.applied}</dt>
                          <dd>{formatDate(company.createdAt)}</dd>
                          {company.declineReason && (
                            <>
                              <dt className="font-medium">{copy.detail.declineReason}</dt>
                              <dd>{company.declineReason}</dd>
                            </>
                          )}
                        </dl>
                        <Members company={company} />
                        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                          <Link className="text-brand-700 underline" to={`/dashboard/orders?companyId=${company.id}`}>
                            {copy.ordersOf(company.name)}
                          </Link>
                          {company.status === 'approved' && (
                            <Link className="text-brand-700 underline" to={`/dashboard/overview?companyId=${company.id}`}>
                              {copy.salesOf(company.name)}
                            </Link>
                          )}
                        </p>
                      </td>
                    </tr>
                  ),
              ])}
            </DataTable>
          )
        }
      </QueryState>
      <DecisionDialog decision={decision} priceLists={priceLists.data ?? []} onClose={() => setDecision(null)} />
    </Panel>
  );
}

/** The company's members in its details: admins first, each with their role and limit per order. */
function Members({ company }: { company: AdminCompany }) {
  if (company.members.length === 0) return <p className="mt-3 text-sm text-slate-700">{copy.noMembers}</p>;
  return (
    <table aria-label={copy.membersOf(company.name)} className="mt-3 text-left text-sm">
      <thead>
        <tr>
          {copy.memberColumns.map((column) => (
            <th key={column} scope="col" className="pr-6 pb-1 font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {company.members.map((member) => (
          <tr key={member.userId}>
            <td className="pr-6">{member.name}</td>
            <td className="pr-6 break-all">{member.email}</td>
            <td className="pr-6">{copy.role[member.role]}</td>
            <td className="whitespace-nowrap">{member.spendingLimit === null ? copy.noLimit : `$${formatDollars(member.spendingLimit)}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

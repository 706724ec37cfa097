/**
 * The staff's side of trade accounts (issue 63): the companies with who applied and what they spent
 * (companies + users + orders), and the decision on an application (companies + price lists + audit +
 * mail, in one transaction).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AdminCompany, adminCompaniesQuerySchema, adminCompanySchema, companyDecisionSchema, type CompanyDecision, type CompanyStatus } from '../../shared/companies.js';
import { companyMessages as m } from '../../shared/companies-copy.js';
import { centsToDollars } from '../../shared/money.js';
import { idSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { recordAdminAction } from '../audit/service.js';
import { type CompanyForStaff, decideCompany, getCompanyForStaff, listCompanies, membersOfCompanies } from '../companies/service.js';
import { type Executor, inTransaction } from '../db/schema.js';
import { requireViewer, type Viewer } from '../http/access.js';
import { badRequest } from '../http/errors.js';
import { enqueueMail } from '../mail/service.js';
import { companySpendingSince } from '../orders/service.js';
import { priceListExists } from '../price-lists/service.js';
import { namesOfUsers } from '../users/service.js';

const DAYS_30_MS = 30 * 86_400_000;

async function forStaff(db: Executor, entries: readonly CompanyForStaff[], at: number): Promise<AdminCompany[]> {
  const names = await namesOfUsers(db, entries.map((entry) => entry.applicantUserId));
  const spent = await companySpendingSince(db, entries.map((entry) => entry.company.id), new Date(at - DAYS_30_MS).toISOString());
  const members = await membersOfCompanies(db, entries.map((entry) => entry.company.id));
  return entries.map(({ company, applicantUserId, memberCount }) => ({
    ...company,
    applicant: { userId: applicantUserId, name: names.get(applicantUserId)?.name ?? '', email: names.get(applicantUserId)?.email ?? '' },
    memberCount,
    members: members.get(company.id) ?? [],
    spentLast30Days: centsToDollars(spent.get(company.id) ?? 0),
  }));
}

/** Every company (or those of one status), newest first, as the staff see them. */
export async function companiesForStaff(db: Executor, status?: CompanyStatus, at = Date.now()): Promise<AdminCompany[]> {
  return forStaff(db, await listCompanies(db, status), at);
}

/**
 * Approves (with a price list that must exist, 400 else) or declines (with its reason) an application,
 * logs it in the audit log and, when the status changed, e-mails the applicant through the outbox.
 */
export async function decideOnCompany(db: Executor, staff: Viewer, id: number, decision: CompanyDecision): Promise<AdminCompany> {
  return inTransaction(db, async (trx) => {
    if (decision.status === 'approved' && decision.priceListId && !(await priceListExists(trx, decision.priceListId))) {
      throw badRequest(m.priceListMissing, { priceListId: m.priceListMissing });
    }
    const { company, changed, applicantUserId } = await decideCompany(trx, id, decision, staff.id);
    const list = company.priceListId ? `, price list ${company.priceListId}` : '';
    await recordAdminAction(trx, staff, decision.status === 'approved' ? 'company.approve' : 'company.decline', `company ${company.id} ${company.name}${list}`);
    const applicant = (await namesOfUsers(trx, [applicantUserId])).get(applicantUserId);
    if (changed && applicant) {
      const data = { companyName: company.name, applicantName: applicant.name, reason: company.declineReason };
      await enqueueMail(trx, { kind: decision.status === 'approved' ? 'company-approved' : 'company-declined', to: applicant.email, data });
    }
    return (await forStaff(trx, [await getCompanyForStaff(trx, id)], Date.now()))[0]!;
  });
}

export async function companiesAdminRoutes(app: FastifyInstance, { db: { kysely: db } }: AppContext) {
  const api = typed(app);
  const tags = ['companies'];

  api.get(
    '/api/admin/companies',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: "Staff: every company (`status=` one status), newest first, with its applicant, its members (name, e-mail, role, spending limit), their number and the dollars of its paid orders placed in the last 30 days.",
        querystring: adminCompaniesQuerySchema,
        response: { 200: z.array(adminCompanySchema) },
      },
    },
    async (request) => companiesForStaff(db, request.query.status),
  );

  api.patch(
    '/api/admin/companies/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          "Staff: approves an application (with `priceListId`, which must exist: 400 else; an approved company may have its list changed) or declines it with a `declineReason` (its members released: the applicant may apply again). A declined one stays declined (409). The applicant is e-mailed; the decision is in the audit log.",
        params: z.object({ id: idSchema }),
        body: companyDecisionSchema,
        response: { 200: adminCompanySchema },
      },
    },
    async (request) => decideOnCompany(db, requireViewer(request), request.params.id, request.body),
  );
}

/**
 * Trade accounts in tests: through the API (an application, staff approving it, members joining by
 * invitation), or, for tests about something else, rows written straight into the database.
 */
import { expect } from 'vitest';
import { shippingAddressSchema } from '../../shared/checkout-schemas.js';
import type { Executor } from '../db/schema.js';
import { type Account, call, lastMailTo, registerCustomer, type TestServer, TEST_ADDRESS } from './harness.js';

export const APPLICATION = { name: 'Northside Fleet Ltd', vatId: 'DE136695976', phone: '5550100', address: { ...TEST_ADDRESS, company: 'Northside Fleet Ltd' } };

/** `applicant` applies (the company's id). */
export async function applyFor(server: TestServer, applicant: Account, name = APPLICATION.name): Promise<number> {
  const response = await call(server.app, 'POST', '/api/companies', { token: applicant.token, body: { ...APPLICATION, name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

/** `applicant` applies and `staff` approve (the company's id). */
export async function approvedCompany(server: TestServer, staff: Account, applicant: Account, name?: string, priceListId?: string): Promise<number> {
  const id = await applyFor(server, applicant, name);
  const decided = await call(server.app, 'PATCH', `/api/admin/companies/${id}`, { token: staff.token, body: { status: 'approved', ...(priceListId && { priceListId }) } });
  expect(decided.statusCode, decided.body).toBe(200);
  return id;
}

/** The token of the newest invitation e-mailed to `email` (from the outbox). */
export async function invitationTokenFor(server: TestServer, email: string): Promise<string> {
  const mail = await lastMailTo(server, email, 'company-invitation');
  if (mail?.kind !== 'company-invitation') throw new Error(`no invitation to ${email}`);
  return mail.data.token;
}

/** `admin` invites `member` (registered afresh unless given) and they join: the member. */
export async function joinedMember(
  server: TestServer,
  companyId: number,
  admin: Account,
  { role = 'buyer', spendingLimit, member }: { role?: 'admin' | 'buyer'; spendingLimit?: number | null; member?: Account } = {},
): Promise<Account> {
  const invitee = member ?? (await registerCustomer(server.app, role === 'admin' ? 'Company Admin' : 'Company Buyer'));
  const invited = await call(server.app, 'POST', `/api/companies/${companyId}/invitations`, { token: admin.token, body: { email: invitee.email, role, ...(spendingLimit !== undefined && { spendingLimit }) } });
  expect(invited.statusCode, invited.body).toBe(201);
  const joined = await call(server.app, 'POST', '/api/companies/join', { token: invitee.token, body: { token: await invitationTokenFor(server, invitee.email) } });
  expect(joined.statusCode, joined.body).toBe(200);
  return invitee;
}

/** An approved company (or in `status`), named as given; answers its id. */
export async function insertCompany(db: Executor, applicant: Account, name = 'Test Workshop', status: 'approved' | 'pending' | 'declined' = 'approved'): Promise<number> {
  const at = new Date().toISOString();
  const row = await db
    .insertInto('companies')
    .values({
      name,
      vat_id: null,
      tax_certificate: null,
      phone: '5550100',
      address: JSON.stringify(shippingAddressSchema.parse(TEST_ADDRESS)),
      status,
      decline_reason: null,
      price_list_id: null,
      applicant_user_id: Number(applicant.id),
      decided_at: status === 'pending' ? null : at,
      decided_by_user_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes the account a member of the company, in this role, with this limit per order in dollars (none: no limit). */
export async function addMember(db: Executor, companyId: number, account: Account, role: 'admin' | 'buyer', spendingLimitDollars: number | null = null): Promise<void> {
  await db
    .insertInto('company_members')
    .values({
      user_id: Number(account.id),
      company_id: companyId,
      role,
      spending_limit_cents: spendingLimitDollars === null ? null : Math.round(spendingLimitDollars * 100),
      created_at: new Date().toISOString(),
    })
    .execute();
}

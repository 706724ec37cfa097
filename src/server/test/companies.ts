/** Trade accounts in tests: an application, staff approving it, and members joining by invitation, all through the API. */
import { expect } from 'vitest';
import { type Account, call, lastMailTo, registerCustomer, type TestServer, TEST_ADDRESS } from './harness.js';

export const APPLICATION = { name: 'Northside Fleet Ltd', vatId: 'GB123456789', phone: '5550100', address: { ...TEST_ADDRESS, company: 'Northside Fleet Ltd' } };

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

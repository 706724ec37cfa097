/**
 * Trade accounts (issue 63) on the real endpoints: applying, the staff's decision, invitations (once, in
 * time, to the address they were sent to), members' roles and limits, removal taking effect at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCompanySchema, myCompanySchema } from '../../shared/companies.js';
import { companyMessages as m } from '../../shared/companies-copy.js';
import { sendDueMail, smtpTransport, type MailTransport } from '../mail/sender.js';
import { listRecentMail } from '../mail/service.js';
import { APPLICATION, applyFor, approvedCompany, invitationTokenFor, joinedMember } from '../test/companies.js';
import { type Account, call, createProduct, databaseKind, payWithTestCard, registerAdmin, registerCustomer, startTestServer, type TestServer, TEST_ADDRESS } from '../test/harness.js';
import { type MailSink, startMailSink } from '../test/smtp.js';
import { membershipOf } from './service.js';

describe(`companies (${databaseKind})`, () => {
  const PUBLIC_URL = 'https://shop.partsmith.example';
  let server: TestServer;
  let staff: Account;
  let sink: MailSink;
  let transport: MailTransport;
  const shop = { name: 'Partsmith', publicUrl: PUBLIC_URL, address: '', email: '' };
  const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Parameters<typeof sendDueMail>[3];

  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ PUBLIC_URL });
    transport = await smtpTransport(sink.url, 'Partsmith <shop@partsmith.example>');
    staff = await registerAdmin(server, 'Staff Sam');
  });
  afterAll(async () => {
    transport.close?.();
    await server.close();
    await sink.close();
  });

  const mine = async (account: Account) => call(server.app, 'GET', '/api/companies/mine', { token: account.token });
  const decide = (id: number, body: unknown) => call(server.app, 'PATCH', `/api/admin/companies/${id}`, { token: staff.token, body });
  const userIdOf = (account: Account) => Number(account.id);
  const deliver = async () => {
    sink.received.length = 0;
    await sendDueMail(server.db.kysely, transport, shop, quietLog);
    // Without the account's own mail (confirm your address): what these tests are about.
    return sink.received.filter((mail) => !mail.subject.startsWith('Please confirm'));
  };

  it('an application is pending, its applicant its admin; a second one (or a second company) is refused', async () => {
    const applicant = await registerCustomer(server.app, 'Ann Applicant');
    expect((await mine(applicant)).statusCode).toBe(404);
    const applied = await call(server.app, 'POST', '/api/companies', { token: applicant.token, body: APPLICATION });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json()).toMatchObject({ name: 'Northside Fleet Ltd', status: 'pending', vatId: 'DE136695976', taxCertificate: null, phone: '5550100', declineReason: null, priceListId: null });
    expect(applied.json().address).toMatchObject({ line1: '1 Test Street', city: 'Portland', company: 'Northside Fleet Ltd' });

    const again = await call(server.app, 'POST', '/api/companies', { token: applicant.token, body: { ...APPLICATION, name: 'Other Ltd' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyApplied);

    const seen = myCompanySchema.parse((await mine(applicant)).json());
    expect(seen).toMatchObject({ id: applied.json().id, status: 'pending', role: 'admin', spendingLimit: null });
    expect(seen.members).toEqual([{ userId: userIdOf(applicant), name: 'Ann Applicant', email: applicant.email, role: 'admin', spendingLimit: null }]);
    // Pending: not a member yet (no member prices, no company address book).
    expect(await membershipOf(server.db.kysely, userIdOf(applicant))).toBeUndefined();
  });

  it('staff list applications, approve one with a price list that exists (400 for one that does not), and the applicant is mailed', async () => {
    const applicant = await registerCustomer(server.app, 'Bo Approved');
    const id = await applyFor(server, applicant, 'Bo Motors');
    const pending = await call(server.app, 'GET', '/api/admin/companies?status=pending', { token: staff.token });
    expect(pending.statusCode, pending.body).toBe(200);
    const listed = pending.json().map((c: unknown) => adminCompanySchema.parse(c)).find((c: { id: number }) => c.id === id);
    expect(listed).toMatchObject({ name: 'Bo Motors', status: 'pending', applicant: { userId: userIdOf(applicant), name: 'Bo Approved', email: applicant.email }, memberCount: 1, spentLast30Days: 0 });
    expect(listed!.members).toEqual([{ userId: userIdOf(applicant), name: 'Bo Approved', email: applicant.email, role: 'admin', spendingLimit: null }]);

    const home = await call(server.app, 'GET', '/api/admin/home', { token: staff.token });
    const waiting = home.json().companiesToApprove as number;
    expect(waiting).toBeGreaterThanOrEqual(1);

    const unknownList = await decide(id, { status: 'approved', priceListId: 'no-such-list' });
    expect(unknownList.statusCode).toBe(400);
    expect(unknownList.json().error.message).toBe(m.priceListMissing);

    const at = new Date().toISOString();
    await server.db.kysely.insertInto('price_lists').values({ id: 'trade-10', name: 'Trade 10%', discount_basis_points: 1000, valid_from: null, valid_to: null, created_at: at, updated_at: at }).execute();
    await server.db.kysely.insertInto('price_lists').values({ id: 'trade-15', name: 'Trade 15%', discount_basis_points: 1500, valid_from: null, valid_to: null, created_at: at, updated_at: at }).execute();
    const approved = await decide(id, { status: 'approved', priceListId: 'trade-10' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id, status: 'approved', priceListId: 'trade-10', declineReason: null });
    expect(adminCompanySchema.parse(approved.json()).members).toEqual([{ userId: userIdOf(applicant), name: 'Bo Approved', email: applicant.email, role: 'admin', spendingLimit: null }]);
    expect((await call(server.app, 'GET', '/api/admin/home', { token: staff.token })).json().companiesToApprove).toBe(waiting - 1);
    expect(await membershipOf(server.db.kysely, userIdOf(applicant))).toMatchObject({ companyId: id, companyName: 'Bo Motors', role: 'admin', spendingLimitCents: null, priceListId: 'trade-10', vatId: 'DE136695976' });

    const audit = await call(server.app, 'GET', '/api/audit', { token: staff.token });
    expect(audit.json().find((entry: { action: string }) => entry.action === 'company.approve')).toMatchObject({ target: `company ${id} Bo Motors, price list trade-10`, by: { email: staff.email } });

    const mails = await deliver();
    const told = mails.filter((mail) => mail.to === applicant.email);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Bo Motors is approved for a trade account – Partsmith');
    expect(told[0]!.text).toContain('Hello Bo Approved,');
    expect(told[0]!.text).toContain(`Open your company: ${PUBLIC_URL}/dashboard/company`);

    // Approved again with another list: the list changes, nobody is mailed again.
    const relisted = await decide(id, { status: 'approved', priceListId: 'trade-15' });
    expect(relisted.json()).toMatchObject({ status: 'approved', priceListId: 'trade-15' });
    expect((await listRecentMail(server.db.kysely, 1000)).filter(({ mail }) => mail.to === applicant.email && mail.kind === 'company-approved')).toHaveLength(1);
  });

  it('a declined application shows its reason, needs one, releases the applicant to apply again, and stays declined', async () => {
    const applicant = await registerCustomer(server.app, 'Cy Declined');
    const id = await applyFor(server, applicant, 'Cy Garage');
    const noReason = await decide(id, { status: 'declined' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.declineReason).toBe(m.declineReasonRequired);

    const declined = await decide(id, { status: 'declined', declineReason: 'We could not verify the VAT ID' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', declineReason: 'We could not verify the VAT ID', memberCount: 0, members: [] });
    expect((await mine(applicant)).json()).toMatchObject({ id, status: 'declined', declineReason: 'We could not verify the VAT ID', members: [] });
    expect((await decide(id, { status: 'approved' })).statusCode).toBe(409);

    const told = (await deliver()).filter((mail) => mail.to === applicant.email);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Your trade account application for Cy Garage – Partsmith');
    expect(told[0]!.text).toContain('Why: We could not verify the VAT ID');

    const second = await applyFor(server, applicant, 'Cy Garage & Sons');
    expect((await mine(applicant)).json()).toMatchObject({ id: second, status: 'pending' });
    const audit = (await call(server.app, 'GET', '/api/audit', { token: staff.token })).json();
    expect(audit.find((entry: { action: string }) => entry.action === 'company.decline')).toMatchObject({ target: `company ${id} Cy Garage` });
  });

  describe('invitations and members', () => {
    let admin: Account;
    let companyId: number;
    let eve: Account;
    beforeAll(async () => {
      admin = await registerCustomer(server.app, 'Dee Admin');
      companyId = await approvedCompany(server, staff, admin, 'Dee Parts');
    });

    const invite = (email: string, body: object = {}) => call(server.app, 'POST', `/api/companies/${companyId}/invitations`, { token: admin.token, body: { email, role: 'buyer', ...body } });
    const join = (account: Account, token: string) => call(server.app, 'POST', '/api/companies/join', { token: account.token, body: { token } });

    it('mails a link with a token that works once, for the invited address; the member gets its role and limit', async () => {
      const buyer = await registerCustomer(server.app, 'Eve Buyer');
      eve = buyer;
      const invited = await invite(buyer.email.toUpperCase(), { spendingLimit: 500 });
      expect(invited.statusCode, invited.body).toBe(201);
      expect(invited.json()).toMatchObject({ email: buyer.email, role: 'buyer', spendingLimit: 500 });
      // Seven days from now, to the minute.
      expect(Math.abs(Date.parse(invited.json().expiresAt) - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
      const token = await invitationTokenFor(server, buyer.email);
      const stored = await server.db.kysely.selectFrom('company_invitations').select('token_hash').where('id', '=', invited.json().id).executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toContain(token);

      const mail = (await deliver()).find((received) => received.to === buyer.email)!;
      expect(mail.subject).toBe('You are invited to buy for Dee Parts – Partsmith');
      expect(mail.text).toContain('Dee Admin invites you to buy for Dee Parts as a buyer.');
      expect(mail.text).toContain('Your spending limit per order: $500.00.');
      expect(mail.text).toContain(`Join the company: ${PUBLIC_URL}/company/join?token=${token}`);

      const joined = await join(buyer, token);
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json()).toMatchObject({ id: companyId, status: 'approved', role: 'buyer', spendingLimit: 500, members: [] });
      expect(await membershipOf(server.db.kysely, userIdOf(buyer))).toMatchObject({ companyId, role: 'buyer', spendingLimitCents: 50_000 });

      const twice = await join(buyer, token);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(m.invitationUsed);

      const members = myCompanySchema.parse((await mine(admin)).json()).members;
      expect(members).toEqual([
        { userId: userIdOf(admin), name: 'Dee Admin', email: admin.email, role: 'admin', spendingLimit: null },
        { userId: userIdOf(buyer), name: 'Eve Buyer', email: buyer.email, role: 'buyer', spendingLimit: 500 },
      ]);
    });

    it('refuses an expired link, one for another address, an unknown one, and someone already in a company', async () => {
      const late = await registerCustomer(server.app, 'Late Larry');
      await invite(late.email);
      const lateToken = await invitationTokenFor(server, late.email);
      await server.db.kysely.updateTable('company_invitations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', late.email).execute();
      const expired = await join(late, lateToken);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.message).toBe(m.invitationExpired);

      const intended = await registerCustomer(server.app, 'Intended Ida');
      const intruder = await registerCustomer(server.app, 'Other Otto');
      await invite(intended.email);
      const token = await invitationTokenFor(server, intended.email);
      const wrong = await join(intruder, token);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.message).toBe(m.invitationOtherEmail);
      expect((await mine(intruder)).statusCode).toBe(404);

      expect((await join(intended, 'not-a-token')).statusCode).toBe(404);

      // Ida applies for her own company meanwhile: the invitation cannot make her a member of a second one.
      await applyFor(server, intended, 'Ida Imports');
      const placed = await join(intended, token);
      expect(placed.statusCode).toBe(409);
      expect(placed.json().error.message).toBe(m.alreadyApplied);
      // Someone already in a company is not invited at all.
      expect((await invite(intended.email)).statusCode).toBe(409);
    });

    it('of two uses of one link at once, one joins; of two applications at once, one is kept', async () => {
      const buyer = await registerCustomer(server.app, 'Ivy Twice');
      await invite(buyer.email);
      const token = await invitationTokenFor(server, buyer.email);
      const both = await Promise.all([join(buyer, token), join(buyer, token)]);
      expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await membershipOf(server.db.kysely, userIdOf(buyer))).toMatchObject({ companyId, role: 'buyer' });

      const applicant = await registerCustomer(server.app, 'Jo Twice');
      const applications = await Promise.all(['Jo One', 'Jo Two'].map((name) => call(server.app, 'POST', '/api/companies', { token: applicant.token, body: { ...APPLICATION, name } })));
      expect(applications.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect((await mine(applicant)).json()).toMatchObject({ id: applications.find((answer) => answer.statusCode === 201)!.json().id, status: 'pending' });
      // Ivy leaves again, so the counts below stay those of the first test.
      expect((await call(server.app, 'DELETE', `/api/companies/${companyId}/members/${userIdOf(buyer)}`, { token: admin.token })).statusCode).toBe(204);
    });

    it('changes roles and limits, keeps the last admin, and a removed member is out on their next request', async () => {
      const buyer = await joinedMember(server, companyId, admin, { spendingLimit: 250 });
      const member = (body: unknown, userId = userIdOf(buyer), token = admin.token) => call(server.app, 'PATCH', `/api/companies/${companyId}/members/${userId}`, { token, body });

      expect((await member({ spendingLimit: 750.5 })).json()).toMatchObject({ userId: userIdOf(buyer), role: 'buyer', spendingLimit: 750.5 });
      expect((await member({ spendingLimit: null })).json()).toMatchObject({ spendingLimit: null });
      expect((await member({})).statusCode).toBe(400);

      const lastAdmin = await member({ role: 'buyer' }, userIdOf(admin));
      expect(lastAdmin.statusCode).toBe(409);
      expect(lastAdmin.json().error.message).toBe(m.lastAdmin);
      expect((await call(server.app, 'DELETE', `/api/companies/${companyId}/members/${userIdOf(admin)}`, { token: admin.token })).statusCode).toBe(409);

      // The buyer becomes an admin: now the first may step down, and the new admin can invite.
      expect((await member({ role: 'admin' })).json()).toMatchObject({ role: 'admin' });
      expect((await member({ role: 'buyer' }, userIdOf(admin))).json()).toMatchObject({ role: 'buyer' });
      expect((await call(server.app, 'POST', `/api/companies/${companyId}/invitations`, { token: admin.token, body: { email: 'x@example.com', role: 'buyer' } })).statusCode).toBe(403);
      expect((await member({ role: 'admin' }, userIdOf(admin), buyer.token)).json()).toMatchObject({ role: 'admin' });

      // Removed: the next request finds no company, and their admin rights are gone with it.
      const removed = await call(server.app, 'DELETE', `/api/companies/${companyId}/members/${userIdOf(buyer)}`, { token: admin.token });
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await mine(buyer)).statusCode).toBe(404);
      expect(await membershipOf(server.db.kysely, userIdOf(buyer))).toBeUndefined();
      expect((await member({ spendingLimit: 1 }, userIdOf(admin), buyer.token)).statusCode).toBe(403);
      expect((await call(server.app, 'DELETE', `/api/companies/${companyId}/members/${userIdOf(buyer)}`, { token: admin.token })).statusCode).toBe(404);
      // And, in no company, they may apply for their own.
      await applyFor(server, buyer, 'Eve Independent');
    });

    it("counts the company's paid orders of the last 30 days in dollars", async () => {
      const product = await createProduct(server.app, staff, { price: 40, stock: 100, min: 1 });
      const place = async (quantity: number) => {
        const placed = await call(server.app, 'POST', '/api/orders', { token: admin.token, body: { lines: [{ productId: product, quantity }], phone: '5550100', shippingAddress: TEST_ADDRESS } });
        expect(placed.statusCode, placed.body).toBe(201);
        const id = placed.json()._id as string;
        // Orders for the company are the orders helper's work: here the column is set as it will set it.
        await server.db.kysely.updateTable('orders').set({ company_id: companyId }).where('id', '=', Number(id)).execute();
        return id;
      };
      const paid = await place(2); // $80.00
      expect((await payWithTestCard(server.app, admin, paid)).statusCode).toBe(200);
      const old = await place(1); // $40.00, paid but placed 31 days ago
      expect((await payWithTestCard(server.app, admin, old)).statusCode).toBe(200);
      await server.db.kysely.updateTable('orders').set({ created_at: new Date(Date.now() - 31 * 86_400_000).toISOString() }).where('id', '=', Number(old)).execute();
      await place(3); // unpaid: not counted
      const listed = (await call(server.app, 'GET', '/api/admin/companies?status=approved', { token: staff.token })).json().find((c: { id: number }) => c.id === companyId);
      // Dee and Eve (the first test's buyer; the third test's one was removed).
      expect(listed).toMatchObject({ spentLast30Days: 80, memberCount: 2 });
      // Dee stepped down and back up in the test before: still an admin, listed first, with no limit.
      expect(adminCompanySchema.parse(listed).members).toEqual([
        { userId: userIdOf(admin), name: 'Dee Admin', email: admin.email, role: 'admin', spendingLimit: null },
        { userId: userIdOf(eve), name: 'Eve Buyer', email: eve.email, role: 'buyer', spendingLimit: 500 },
      ]);
    });
  });

  describe('the shared address book', () => {
    const DEPOT = { name: 'Receiving', company: 'Fay Fleet', line1: '9 Depot Road', city: 'Salem', region: 'OR', postalCode: '97301', country: 'US' };
    const HOME = { name: 'Gus at home', line1: '3 Elm St', city: 'Eugene', region: 'OR', postalCode: '97401', country: 'US' };
    const addresses = async (account: Account) => {
      const listed = await call(server.app, 'GET', '/api/addresses', { token: account.token });
      expect(listed.statusCode, listed.body).toBe(200);
      return listed.json() as { id: number; line1: string; isDefault: boolean }[];
    };
    const save = async (account: Account, body: object) => {
      const saved = await call(server.app, 'POST', '/api/addresses', { token: account.token, body });
      expect(saved.statusCode, saved.body).toBe(201);
      return saved.json() as { id: number; isDefault: boolean };
    };

    it("members see and use the company's addresses with their own; a removed member and outsiders do not", async () => {
      const admin = await registerCustomer(server.app, 'Fay Admin');
      const buyer = await registerCustomer(server.app, 'Gus Buyer');
      const outsider = await registerCustomer(server.app, 'Hal Outsider');
      // Gus's own address from before he joined stays his alone.
      const home = await save(buyer, HOME);
      const companyId = await approvedCompany(server, staff, admin, 'Fay Fleet');
      await joinedMember(server, companyId, admin, { member: buyer });

      const depot = await save(admin, DEPOT);
      expect(depot.isDefault).toBe(true);
      // Gus sees the depot (not as his default) with his own; Fay does not see Gus's own one.
      expect((await addresses(buyer)).map((a) => [a.id, a.isDefault])).toEqual([[home.id, true], [depot.id, false]]);
      expect((await addresses(admin)).map((a) => a.id)).toEqual([depot.id]);
      // What Gus saves now goes into the company's book.
      const yard = await save(buyer, { ...DEPOT, line1: '11 Yard Lane' });
      expect((await addresses(admin)).map((a) => a.id)).toEqual([depot.id, yard.id]);

      // Gus changes the depot's phone; Fay sees it. Outsiders get 404 for it.
      const patched = await call(server.app, 'PATCH', `/api/addresses/${depot.id}`, { token: buyer.token, body: { phone: '5550199', isDefault: true } });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({ phone: '5550199', isDefault: false });
      expect((await addresses(admin)).find((a) => a.id === depot.id)).toMatchObject({ phone: '5550199', isDefault: true });
      expect((await call(server.app, 'PATCH', `/api/addresses/${depot.id}`, { token: outsider.token, body: { phone: '1' } })).statusCode).toBe(404);
      expect((await call(server.app, 'DELETE', `/api/addresses/${depot.id}`, { token: outsider.token })).statusCode).toBe(404);

      // Gus quotes and orders to the company's depot by its id.
      const product = await createProduct(server.app, staff, { price: 12, stock: 100, min: 1 });
      const quoted = await call(server.app, 'POST', '/api/checkout/quote', { token: buyer.token, body: { lines: [{ productId: product, quantity: 1 }], addressId: depot.id } });
      expect(quoted.statusCode, quoted.body).toBe(200);
      const ordered = await call(server.app, 'POST', '/api/orders', { token: buyer.token, body: { lines: [{ productId: product, quantity: 1 }], phone: '5550100', addressId: depot.id } });
      expect(ordered.statusCode, ordered.body).toBe(201);
      expect(ordered.json().shippingAddress).toMatchObject({ line1: '9 Depot Road', city: 'Salem' });
      const outsiders = await call(server.app, 'POST', '/api/orders', { token: outsider.token, body: { lines: [{ productId: product, quantity: 1 }], phone: '5550100', addressId: depot.id } });
      expect(outsiders.statusCode).toBe(404);

      // Removed, Gus has his own book again, without the company's (even the yard he saved into it).
      expect((await call(server.app, 'DELETE', `/api/companies/${companyId}/members/${userIdOf(buyer)}`, { token: admin.token })).statusCode).toBe(204);
      expect((await addresses(buyer)).map((a) => a.id)).toEqual([home.id]);
      expect((await call(server.app, 'POST', '/api/orders', { token: buyer.token, body: { lines: [{ productId: product, quantity: 1 }], phone: '5550100', addressId: depot.id } })).statusCode).toBe(404);
      expect((await addresses(admin)).map((a) => a.id)).toEqual([depot.id, yard.id]);
      // Fay deletes the yard Gus saved.
      expect((await call(server.app, 'DELETE', `/api/addresses/${yard.id}`, { token: admin.token })).statusCode).toBe(204);
      expect((await addresses(admin)).map((a) => a.id)).toEqual([depot.id]);
    });
  });
});

/**
 * Companies (trade accounts): who belongs to which company, in what role and with what limit. Other
 * domains and flows ask here; only this domain reads its tables.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type {
  Company,
  CompanyApplication,
  CompanyDecision,
  CompanyMember,
  CompanyRole,
  CompanyStatus,
  InvitationAnswer,
  InvitationInput,
  MemberPatch,
  MyCompany,
} from '../../shared/companies.js';
import { companyMessages as m } from '../../shared/companies-copy.js';
import { centsToDollars, dollarsToCents } from '../../shared/money.js';
import { normaliseEmail } from '../../shared/schemas.js';
import { isUniqueViolation } from '../db/errors.js';
import { type CompaniesTable, type CompanyMembersTable, type Executor, inTransaction, isPostgres, now, timestamps } from '../db/schema.js';
import { conflict, HttpError, notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/service.js';
import { findActiveUserByEmail, namesOfUsers } from '../users/service.js';

/** A person's place in an approved company, read fresh on every request (a removed member has none). */
export interface Membership {
  companyId: number;
  companyName: string;
  role: CompanyRole;
  /** Per order; null: no limit. */
  spendingLimitCents: number | null;
  priceListId: string | null;
  vatId: string | null;
  taxCertificate: string | null;
}

/** The approved company `userId` belongs to, if any. */
export async function membershipOf(db: Executor, userId: number): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['m.company_id', 'c.name', 'm.role', 'm.spending_limit_cents', 'c.price_list_id', 'c.vat_id', 'c.tax_certificate'])
    .where('m.user_id', '=', userId)
    .where('c.status', '=', 'approved')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    companyId: row.company_id,
    companyName: row.name,
    role: row.role,
    spendingLimitCents: row.spending_limit_cents,
    priceListId: row.price_list_id,
    vatId: row.vat_id,
    taxCertificate: row.tax_certificate,
  };
}

// ---- Applications, members and invitations ---------------------------------------------------------

/** An invitation's link works this long (7 days). */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

type CompanyRow = Selectable<CompaniesTable>;

function toCompanyDto(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    vatId: row.vat_id,
    taxCertificate: row.tax_certificate,
    phone: row.phone,
    address: JSON.parse(row.address) as Company['address'],
    declineReason: row.decline_reason,
    priceListId: row.price_list_id,
    createdAt: row.created_at,
  };
}

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const centsOrNull = (dollars: number | null | undefined) => (dollars === null || dollars === undefined ? null : dollarsToCents(dollars));

const alreadyInCompany = () => conflict('already_in_company', m.alreadyInCompany);

/** Refuses someone who already belongs to a company, or whose application waits (409). */
async function refuseIfPlaced(db: Executor, userId: number): Promise<void> {
  const placed = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select('c.status')
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  if (placed?.status === 'pending') throw conflict('already_applied', m.alreadyApplied);
  if (placed) throw alreadyInCompany();
}

/**
 * A signed-in buyer applies: the company is 'pending' and the applicant is its admin from now on (a member
 * row, which counts only once staff approve it). The member row's key is the person, so one person is in
 * at most one company or application, even when two applications race.
 */
export async function applyForCompany(db: Executor, applicantId: number, input: CompanyApplication): Promise<Company> {
  try {
    return await inTransaction(db, async (trx) => {
      await refuseIfPlaced(trx, applicantId);
      const row = await trx
        .insertInto('companies')
        .values({
          name: input.name,
          vat_id: input.vatId ?? null,
          tax_certificate: input.taxCertificate ?? null,
          phone: input.phone,
          address: JSON.stringify(input.address),
          status: 'pending',
          decline_reason: null,
          price_list_id: null,
          applicant_user_id: applicantId,
          decided_at: null,
          decided_by_user_id: null,
          ...timestamps(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('company_members').values({ user_id: applicantId, company_id: row.id, role: 'admin', spending_limit_cents: null, created_at: row.created_at }).execute();
      return toCompanyDto(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('already_applied', m.alreadyApplied);
    throw error;
  }
}

/** The members of a company, admins first, then in the order they joined, named from their accounts. */
export async function membersOf(db: Executor, companyId: number): Promise<CompanyMember[]> {
  return (await membersOfCompanies(db, [companyId])).get(companyId) ?? [];
}

/** The members of several companies (one query, then their names), each list as membersOf orders it. */
export async function membersOfCompanies(db: Executor, companyIds: readonly number[]): Promise<Map<number, CompanyMember[]>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db.selectFrom('company_members').selectAll().where('company_id', 'in', [...new Set(companyIds)]).orderBy('created_at').orderBy('user_id').execute();
  const names = await namesOfUsers(db, rows.map((row) => row.user_id));
  const byCompany = new Map<number, CompanyMember[]>();
  for (const row of rows) {
    const member: CompanyMember = {
      userId: row.user_id,
      name: names.get(row.user_id)?.name ?? '',
      email: names.get(row.user_id)?.email ?? '',
      role: row.role,
      spendingLimit: dollarsOrNull(row.spending_limit_cents),
    };
    byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), member]);
  }
  for (const [id, members] of byCompany) byCompany.set(id, [...members.filter((x) => x.role === 'admin'), ...members.filter((x) => x.role !== 'admin')]);
  return byCompany;
}

/**
 * The caller's company (approved, or their application still pending), their role and limit in it, and its
 * members if they are an admin; without one, their last declined application (so they see why); 404 else.
 */
export async function myCompany(db: Executor, userId: number): Promise<MyCompany> {
  const member = await db.selectFrom('company_members').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (member) {
    const row = await db.selectFrom('companies').selectAll().where('id', '=', member.company_id).executeTakeFirstOrThrow();
    return {
      ...toCompanyDto(row),
      role: member.role,
      spendingLimit: dollarsOrNull(member.spending_limit_cents),
      members: member.role === 'admin' ? await membersOf(db, row.id) : [],
    };
  }
  const declined = await db.selectFrom('companies').selectAll().where('applicant_user_id', '=', userId).where('status', '=', 'declined').orderBy('id', 'desc').executeTakeFirst();
  if (!declined) throw notFound(m.noCompany);
  return { ...toCompanyDto(declined), role: 'admin', spendingLimit: null, members: [] };
}

/** How many applications wait for the staff (the staff home). */
export async function countPendingCompanies(db: Executor): Promise<number> {
  const row = await db.selectFrom('companies').where('status', '=', 'pending').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A company as the staff list it, before its applicant's name and its spending are added (flows/companies-admin.ts). */
export interface CompanyForStaff {
  company: Company;
  applicantUserId: number;
  memberCount: number;
}

/** Every company (or those of one status), newest first, with its number of members. */
export async function listCompanies(db: Executor, status?: CompanyStatus): Promise<CompanyForStaff[]> {
  let query = db.selectFrom('companies').selectAll().orderBy('id', 'desc');
  if (status) query = query.where('status', '=', status);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('company_members')
    .select((eb) => ['company_id', eb.fn.countAll<number | string>().as('count')])
    .where('company_id', 'in', rows.map((row) => row.id))
    .groupBy('company_id')
    .execute();
  const countOf = new Map(counts.map((row) => [row.company_id, Number(row.count)]));
  return rows.map((row) => ({ company: toCompanyDto(row), applicantUserId: row.applicant_user_id, memberCount: countOf.get(row.id) ?? 0 }));
}

/** One company for the staff. */
export async function getCompanyForStaff(db: Executor, id: number): Promise<CompanyForStaff> {
  const found = (await listCompanies(db)).find((entry) => entry.company.id === id);
  if (!found) throw notFound(m.companyNotFound);
  return found;
}

/**
 * The staff's decision, in the caller's transaction: approve (with its price list, when given: the caller
 * checked it exists; a company approved before may have its list changed), or decline with a reason, which
 * releases its members (the applicant may apply again). A declined application stays declined (409).
 * Answers the company and whether its status changed (the applicant is then told), and who applied.
 */
export async function decideCompany(db: Executor, id: number, decision: CompanyDecision, staffId: number | null): Promise<{ company: Company; changed: boolean; applicantUserId: number }> {
  return inTransaction(db, async (trx) => {
    let lookup = trx.selectFrom('companies').selectAll().where('id', '=', id);
    if (isPostgres(trx)) lookup = lookup.forUpdate();
    const current = await lookup.executeTakeFirst();
    if (!current) throw notFound(m.companyNotFound);
    if (current.status === 'declined') throw conflict('company_declined', m.alreadyDecided);
    const at = now();
    const changed = current.status !== decision.status;
    if (decision.status === 'declined') {
      await trx.deleteFrom('company_members').where('company_id', '=', id).execute();
      await trx.deleteFrom('company_invitations').where('company_id', '=', id).where('used_at', 'is', null).execute();
    }
    const row = await trx
      .updateTable('companies')
      .set({
        status: decision.status,
        decline_reason: decision.status === 'declined' ? (decision.declineReason ?? null) : null,
        ...(decision.status === 'approved' && decision.priceListId !== undefined && { price_list_id: decision.priceListId }),
        ...(changed && { decided_at: at, decided_by_user_id: staffId }),
        updated_at: at,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { company: toCompanyDto(row), changed, applicantUserId: row.applicant_user_id };
  });
}

/**
 * `membershipOf`, its member row locked until the caller's transaction ends (PostgreSQL: FOR SHARE; SQLite
 * runs one writing transaction at a time already): a change of the member's role or limit, or their
 * removal, waits for the order being judged by it, so no order passes on a limit that no longer holds.
 */
export async function lockedMembershipOf(trx: Executor, userId: number): Promise<Membership | undefined> {
  if (isPostgres(trx)) {
    const locked = await trx.selectFrom('company_members').select('user_id').where('user_id', '=', userId).forShare().executeTakeFirst();
    if (!locked) return undefined;
  }
  return membershipOf(trx, userId);
}

/** The accounts of the admins of an approved company, in the order they joined. */
export async function companyAdminIds(db: Executor, companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select('m.user_id')
    .where('m.company_id', '=', companyId)
    .where('m.role', '=', 'admin')
    .where('c.status', '=', 'approved')
    .orderBy('m.created_at')
    .orderBy('m.user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Whether `userId` is an admin of this approved company (read fresh: a removed or demoted admin is not). */
export async function isCompanyAdmin(db: Executor, userId: number, companyId: number): Promise<boolean> {
  const membership = await membershipOf(db, userId);
  return membership?.companyId === companyId && membership.role === 'admin';
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Invites `input.email` into the company: the link's token goes only into the e-mail (outbox), its hash
 * into the table; it works once, for INVITATION_TTL_MS. 409 when that address's account already belongs to a company.
 */
export async function inviteMember(db: Executor, companyId: number, inviter: { id: number; name: string }, input: InvitationInput, at = Date.now()): Promise<InvitationAnswer> {
  return inTransaction(db, async (trx) => {
    const company = await trx.selectFrom('companies').select(['name']).where('id', '=', companyId).executeTakeFirstOrThrow();
    const invitee = await findActiveUserByEmail(trx, input.email);
    if (invitee && (await trx.selectFrom('company_members').select('user_id').where('user_id', '=', invitee.id).executeTakeFirst())) {
      throw conflict('already_in_company', m.inviteeAlreadyMember);
    }
    const token = randomBytes(32).toString('base64url');
    const spendingLimitCents = centsOrNull(input.spendingLimit);
    const row = await trx
      .insertInto('company_invitations')
      .values({
        company_id: companyId,
        email: input.email,
        role: input.role,
        spending_limit_cents: spendingLimitCents,
        token_hash: hashToken(token),
        expires_at: new Date(at + INVITATION_TTL_MS).toISOString(),
        used_at: null,
        invited_by_user_id: inviter.id,
        created_at: new Date(at).toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueMail(trx, {
      kind: 'company-invitation',
      to: input.email,
      data: { companyName: company.name, invitedBy: inviter.name, role: input.role, spendingLimit: dollarsOrNull(spendingLimitCents), token },
    });
    return { id: row.id, email: row.email, role: row.role, spendingLimit: dollarsOrNull(row.spending_limit_cents), expiresAt: row.expires_at };
  });
}

/**
 * Accepts an invitation: the caller must be signed in with the address it was sent to (compared
 * normalised) and in no company yet. The token is used up in the same statement that checks it is
 * unused and unexpired, so of two uses at once one wins; refusals: unknown 404, used 409, expired 410,
 * another address 403, already in a company 409.
 */
export async function joinCompany(db: Executor, viewer: { id: number; email: string }, token: string): Promise<MyCompany> {
  await inTransaction(db, async (trx) => {
    const invitation = await trx.selectFrom('company_invitations').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!invitation) throw notFoundAs(m.invitationInvalid);
    if (invitation.used_at !== null) throw conflict('invitation_used', m.invitationUsed);
    const at = now();
    if (invitation.expires_at <= at) throw new HttpError(410, 'invitation_expired', m.invitationExpired);
    if (normaliseEmail(invitation.email) !== normaliseEmail(viewer.email)) throw new HttpError(403, 'invitation_other_email', m.invitationOtherEmail);
    await refuseIfPlaced(trx, viewer.id);
    const used = await trx
      .updateTable('company_invitations')
      .set({ used_at: at })
      .where('id', '=', invitation.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw conflict('invitation_used', m.invitationUsed);
    try {
      await trx
        .insertInto('company_members')
        .values({ user_id: viewer.id, company_id: invitation.company_id, role: invitation.role, spending_limit_cents: invitation.spending_limit_cents, created_at: at })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyInCompany();
      throw error;
    }
  });
  return myCompany(db, viewer.id);
}

const notFoundAs = (message: string) => new HttpError(404, 'not_found', message);

/**
 * Changes or removes a member in a transaction that holds the company's row (PostgreSQL; SQLite has one
 * writer), so two admins demoting each other at once cannot leave it without one: the change is refused
 * (409) when it would leave the company no admin.
 */
async function changingMembers<T>(db: Executor, companyId: number, userId: number, change: (trx: Executor, member: Selectable<CompanyMembersTable>, otherAdmins: number) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    if (isPostgres(trx)) await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
    const member = await trx.selectFrom('company_members').selectAll().where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
    if (!member) throw notFound(m.memberNotFound);
    const { count } = await trx
      .selectFrom('company_members')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('company_id', '=', companyId)
      .where('role', '=', 'admin')
      .where('user_id', '!=', userId)
      .executeTakeFirstOrThrow();
    return change(trx, member, Number(count));
  });
}

/** PATCH a member's role and/or limit (null clears it); the last admin stays an admin (409). */
export async function updateMember(db: Executor, companyId: number, userId: number, patch: MemberPatch): Promise<CompanyMember> {
  await changingMembers(db, companyId, userId, async (trx, member, otherAdmins) => {
    if (member.role === 'admin' && patch.role === 'buyer' && otherAdmins === 0) throw conflict('last_admin', m.lastAdmin);
    await trx
      .updateTable('company_members')
      .set({
        ...(patch.role !== undefined && { role: patch.role }),
        ...(patch.spendingLimit !== undefined && { spending_limit_cents: centsOrNull(patch.spendingLimit) }),
      })
      .where('user_id', '=', userId)
      .execute();
  });
  const member = (await membersOf(db, companyId)).find((x) => x.userId === userId);
  if (!member) throw notFound(m.memberNotFound);
  return member;
}

/** Removes a member: from their next request on they are in no company. The last admin stays (409). */
export async function removeMember(db: Executor, companyId: number, userId: number): Promise<void> {
  await changingMembers(db, companyId, userId, async (trx, member, otherAdmins) => {
    if (member.role === 'admin' && otherAdmins === 0) throw conflict('last_admin', m.lastAdmin);
    await trx.deleteFrom('company_members').where('user_id', '=', userId).where('company_id', '=', companyId).execute();
  });
}

/** How many companies (any status) name each of these price lists; a list none names is missing. */
export async function companiesByPriceList(db: Executor, priceListIds: readonly string[]): Promise<Map<string, number>> {
  if (priceListIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['price_list_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('price_list_id', 'in', [...priceListIds])
    .groupBy('price_list_id')
    .execute();
  return new Map(rows.map((row) => [row.price_list_id!, Number(row.count)]));
}

/** The names of these companies, by id (ids of no company are left out): for lists other domains rank, as the sales overview's. */
export async function companyNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('companies').select(['id', 'name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Trade accounts (issue 63), the buyers' side: apply, see one's company, and (its admins) invite, change
 * and remove members. The staff's side (the list and the decision) spans domains: flows/companies-admin.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  companyApplicationSchema,
  companyMemberSchema,
  companySchema,
  invitationAnswerSchema,
  invitationSchema,
  joinCompanySchema,
  memberPatchSchema,
  myCompanySchema,
} from '../../shared/companies.js';
import { idSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import type { Executor } from '../db/schema.js';
import { requireViewer } from '../http/access.js';
import { forbidden } from '../http/errors.js';
import { applyForCompany, INVITATION_TTL_MS, inviteMember, isCompanyAdmin, joinCompany, myCompany, removeMember, updateMember } from './service.js';

const tags = ['companies'];
const companyParams = z.object({ id: idSchema });
const memberParams = z.object({ id: idSchema, userId: idSchema });

/**
 * "An admin of that company": checked before the body is read (preValidation), so anyone else gets 403
 * whatever they sent. Membership is read fresh on every request: a removed admin is refused at once.
 */
const companyAdminOnly = (db: Executor) => async (request: FastifyRequest) => {
  const viewer = requireViewer(request);
  const id = Number((request.params as { id?: string }).id);
  if (!Number.isSafeInteger(id) || !(await isCompanyAdmin(db, viewer.id, id))) throw forbidden();
};

export async function companiesRoutes(app: FastifyInstance, { db: { kysely: db } }: AppContext) {
  const api = typed(app);
  const adminOfCompany = companyAdminOnly(db);

  api.post(
    '/api/companies',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: "Applies for a trade account: the company is 'pending' until staff decide, and the applicant is its admin. 409 when the caller already belongs to a company or has an application waiting.",
        body: companyApplicationSchema,
        response: { 201: companySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await applyForCompany(db, requireViewer(request).id, request.body)),
  );

  api.get(
    '/api/companies/mine',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: "The caller's company (approved, or their application pending; else their last declined one, with the reason), their role and spending limit, and its members (for its admins; empty for buyers). 404 when none.",
        response: { 200: myCompanySchema },
      },
    },
    async (request) => myCompany(db, requireViewer(request).id),
  );

  api.post(
    '/api/companies/join',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          "Accepts an invitation by its link's token, signed in with the address it was sent to: the caller becomes a member with its role and limit. Unknown token 404; used 409; expired 410; another address 403; already in a company 409.",
        body: joinCompanySchema,
        response: { 200: myCompanySchema },
      },
    },
    async (request) => joinCompany(db, requireViewer(request), request.body.token),
  );

  api.post(
    '/api/companies/:id/invitations',
    {
      config: { access: 'user', scope: 'company' },
      preValidation: adminOfCompany,
      schema: {
        tags,
        description: `Company admins: e-mails an invitation (a link that works once, for ${INVITATION_TTL_MS / 86_400_000} days) to join with a role and an optional per-order limit. Anyone else 403. 409 when that person already belongs to a company.`,
        params: companyParams,
        body: invitationSchema,
        response: { 201: invitationAnswerSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteMember(db, request.params.id, requireViewer(request), request.body)),
  );

  api.patch(
    '/api/companies/:id/members/:userId',
    {
      config: { access: 'user', scope: 'company' },
      preValidation: adminOfCompany,
      schema: {
        tags,
        description: "Company admins: changes a member's role and/or spending limit (null clears it). 409 when it would leave the company without an admin; 404 for someone not in it.",
        params: memberParams,
        body: memberPatchSchema,
        response: { 200: companyMemberSchema },
      },
    },
    async (request) => updateMember(db, request.params.id, request.params.userId, request.body),
  );

  api.delete(
    '/api/companies/:id/members/:userId',
    {
      config: { access: 'user', scope: 'company' },
      preValidation: adminOfCompany,
      schema: {
        tags,
        description: 'Company admins: removes a member (from their next request on they buy as themselves). 409 for the last admin; 404 for someone not in it.',
        params: memberParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeMember(db, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
}

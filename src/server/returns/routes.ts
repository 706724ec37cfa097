/**
 * Reading returns, and the staff's answers to a request (approve, reject). Asking for a return, receiving
 * and refunding one span domains: see flows/returns-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { returnListQuerySchema, returnPageSchema, returnRejectSchema, returnSchema } from '../../shared/returns-api.js';
import { idSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { conflict } from '../http/errors.js';
import { renderCreditNotePdf } from '../invoices/service.js';
import { creditNoteFacts, findRefundOfReturn } from '../orders/service.js';
import { returnMessages } from '../../shared/messages.js';
import { approveReturn, getReturnFor, listReturns, rejectReturn, returnDto, returnDtos } from './service.js';
import { sendPdf } from '../http/pdf-answer.js';

const idParams = z.object({ id: idSchema });
const tags = ['returns'];

export async function returnsRoutes(app: FastifyInstance, { db: { kysely: db }, config }: AppContext) {
  const api = typed(app);

  api.get(
    '/api/returns',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: "Returns newest first, a page at a time (`limit`, then the page's `nextCursor` as `cursor`): a customer's own, an admin's everyone's; `status` keeps one status.",
        querystring: returnListQuerySchema,
        response: { 200: returnPageSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { rows, nextCursor } = await listReturns(db, { ...request.query, ...(viewer.role === 'admin' ? {} : { userId: viewer.id }) });
      return { items: await returnDtos(db, rows), nextCursor };
    },
  );

  api.get(
    '/api/returns/:id',
    { config: { access: 'user' }, schema: { tags, description: 'A return: its buyer\'s or an admin\'s (anyone else: 404).', params: idParams, response: { 200: returnSchema } } },
    async (request) => returnDto(db, await getReturnFor(db, requireViewer(request), request.params.id)),
  );

  api.post(
    '/api/returns/:id/approve',
    {
      config: { access: 'admin' },
      schema: { tags, description: 'Approves a requested return (else 409): the buyer is told by e-mail to send the parts.', params: idParams, response: { 200: returnSchema } },
    },
    async (request) => returnDto(db, await approveReturn(db, request.params.id)),
  );

  api.post(
    '/api/returns/:id/reject',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'Rejects a requested return (else 409), saying why: the buyer is told by e-mail. Its units may be asked for again.',
        params: idParams,
        body: returnRejectSchema,
        response: { 200: returnSchema },
      },
    },
    async (request) => returnDto(db, await rejectReturn(db, request.params.id, request.body.reason)),
  );

  api.get(
    '/api/returns/:id/credit-note.pdf',
    {
      config: { access: 'user' },
      schema: { tags, description: "A refunded return's credit note as a PDF: its buyer's or an admin's (anyone else: 404); 409 before it is refunded.", params: idParams },
    },
    async (request, reply) => {
      const found = await getReturnFor(db, requireViewer(request), request.params.id);
      const refunded = await findRefundOfReturn(db, found.id);
      if (!refunded) throw conflict('not_refunded', returnMessages.notRefunded);
      const note = creditNoteFacts(refunded.order, refunded.refund);
      return sendPdf(reply, await renderCreditNotePdf(note, config.shop), `credit-note-${note.creditNoteNumber}.pdf`);
    },
  );
}

/** Returns' endpoints that span domains: asking for one (orders, fitment, catalog), receiving and refunding one (stock, refunds). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { returnReceiveSchema, returnRequestSchema, returnSchema } from '../../shared/returns-api.js';
import { idSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { receiveReturn, refundReturn, requestReturn } from './returns.js';

const idParams = z.object({ id: idSchema });
const tags = ['returns'];

export async function returnsFlowRoutes(app: FastifyInstance, { db: { kysely: db }, payments, cache, config }: AppContext) {
  const api = typed(app);
  const paying = { db, cache, provider: payments };

  api.post(
    '/api/orders/:id/returns',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          "The order's buyer asks to return shipped units, a reason per line (`doesnt_fit` names the vehicle; `core` sends the old unit of a part with a core deposit back). " +
          `Someone else's order: 404. 409 when a line asks for more than was shipped and is not on another return yet, or after the window: RETURN_WINDOW_DAYS (CORE_RETURN_DAYS for a core) after the latest shipment carrying the line.`,
        params: idParams,
        body: returnRequestSchema,
        response: { 201: returnSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await requestReturn(db, requireViewer(request), request.params.id, request.body, config.returns)),
  );

  api.post(
    '/api/returns/:id/receive',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          'Receives an approved return (else 409): per line what came back (at most what was asked) and how much of it damaged; undamaged new parts go back to stock, cores are counted, never restocked. ' +
          'Then refunds at once (the units at the price paid with their tax share, the cores’ deposits, the shipping too with `refundShipping`) and answers the return with its refund. ' +
          'The payment provider failing: 502, the return stays `received`, and POST /api/returns/:id/refund tries again.',
        params: idParams,
        body: returnReceiveSchema,
        response: { 200: returnSchema },
      },
    },
    async (request) => receiveReturn(paying, requireViewer(request), request.params.id, request.body),
  );

  api.post(
    '/api/returns/:id/refund',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'Refunds a received return whose refund the payment provider failed (else 409): exactly what was fixed when it was received, once however often asked.',
        params: idParams,
        response: { 200: returnSchema },
      },
    },
    async (request) => refundReturn(paying, requireViewer(request), request.params.id),
  );
}

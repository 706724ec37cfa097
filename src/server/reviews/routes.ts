import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reviewSchema, reviewsHiddenSchema } from '../../shared/api.js';
import { idSchema, reviewBulkHideSchema, reviewInputSchema, reviewListQuerySchema, reviewModerationSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { hideReviews, listAllReviews, listReviews, postReview, setReviewHidden, toReviewDto } from './service.js';

const tags = ['reviews'];

export async function reviewsRoutes(app: FastifyInstance, { db, cache, config }: AppContext) {
  const api = typed(app);

  api.get(
    '/api/review',
    {
      config: { access: 'public', identify: true },
      schema: { tags, querystring: reviewListQuerySchema, response: { 200: z.array(reviewSchema) } },
    },
    async (request, reply) => {
      const { limit } = request.query;
      // Signed-in viewers may see e-mails the public may not: only the anonymous answer is shared.
      if (request.viewer) return (await listReviews(db.kysely, limit)).map((row) => toReviewDto(row, request.viewer));
      return cache.serve(request, reply, 'reviews', async () => ({
        body: (await listReviews(db.kysely, limit)).map((row) => toReviewDto(row, null)),
      }));
    },
  );

  api.get(
    '/api/admin/reviews',
    { config: { access: 'admin' }, schema: { tags, description: 'Every review, hidden ones too.', response: { 200: z.array(reviewSchema) } } },
    async (request) => (await listAllReviews(db.kysely)).map((row) => toReviewDto(row, request.viewer)),
  );

  api.patch(
    '/api/review/:id',
    {
      config: { access: 'admin', changes: 'reviews' },
      schema: { tags, description: 'Hides a review from the shop (kept), or shows it again.', params: z.object({ id: idSchema }), body: reviewModerationSchema, response: { 200: reviewSchema } },
    },
    async (request) => toReviewDto(await setReviewHidden(db.kysely, request.params.id, request.body.hidden), request.viewer),
  );

  api.post(
    '/api/admin/reviews/hide',
    {
      config: { access: 'admin', changes: 'reviews' },
      schema: { tags, description: 'Hides several reviews at once (kept, not shown); answers how many it hid.', body: reviewBulkHideSchema, response: { 200: reviewsHiddenSchema } },
    },
    async (request) => ({ hidden: await hideReviews(db.kysely, requireViewer(request), request.body.ids) }),
  );

  api.post(
    '/api/review',
    { config: { access: 'user', changes: 'reviews' }, schema: { tags, body: reviewInputSchema, response: { 201: reviewSchema } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const review = await postReview(db.kysely, viewer, request.body, { maxPerHour: config.reviewRateLimitPerHour });
      return reply.status(201).send(toReviewDto(review, viewer));
    },
  );
}

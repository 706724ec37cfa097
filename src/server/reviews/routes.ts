import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reviewSchema } from '../../shared/api.js';
import { reviewInputSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../auth/guards.js';
import { listReviews, postReview, toReviewDto } from './service.js';

const tags = ['reviews'];

export async function reviewsRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = typed(app);

  api.get(
    '/api/review',
    { config: { access: 'public' }, schema: { tags, response: { 200: z.array(reviewSchema) } } },
    async (request) => (await listReviews(db)).map((row) => toReviewDto(row, request.viewer)),
  );

  api.post(
    '/api/review',
    { config: { access: 'user' }, schema: { tags, body: reviewInputSchema, response: { 201: reviewSchema } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      return reply.status(201).send(toReviewDto(await postReview(db, viewer, request.body), viewer));
    },
  );
}

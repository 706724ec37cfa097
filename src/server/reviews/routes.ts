import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reviewSchema, reviewsHiddenSchema } from '../../shared/api.js';
import { adminReviewQuerySchema, idSchema, moderationStatus, reviewBulkHideSchema, reviewInputSchema, reviewListQuerySchema, reviewModerationSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { partReviewInputSchema, partReviewListQuerySchema, partReviewPageSchema, partReviewPatchSchema, partReviewSchema } from '../../shared/choosing.js';
import { changeOwnPartReview, partReviewPage, postPartReview } from './part-reviews.js';
import { deleteReview, hideReviews, listAllReviews, listReviews, postReview, setReviewStatus, toReviewDto } from './service.js';

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
    {
      config: { access: 'admin' },
      schema: { tags, description: 'Every review (pending, published, hidden), newest first, by `status` and `rating` if given; each with its `flags`.', querystring: adminReviewQuerySchema, response: { 200: z.array(reviewSchema) } },
    },
    async (request) => (await listAllReviews(db.kysely, request.query)).map((row) => toReviewDto(row, request.viewer)),
  );

  // A review of a part changes the part's rating, which catalog answers show.
  const forgetShown = (review: { product_id: number | null }) => {
    if (review.product_id !== null) cache.invalidate('catalog');
  };

  api.patch(
    '/api/review/:id',
    {
      config: { access: 'admin', changes: 'reviews' },
      schema: {
        tags,
        description: 'Moderates a review: `{ status }` approves (published), rejects (hidden) or holds (pending) it; `{ hidden }` as before (true hides, false publishes).',
        params: z.object({ id: idSchema }),
        body: reviewModerationSchema,
        response: { 200: reviewSchema },
      },
    },
    async (request) => {
      const review = await setReviewStatus(db.kysely, request.params.id, moderationStatus(request.body));
      forgetShown(review);
      return toReviewDto(review, request.viewer);
    },
  );

  api.delete(
    '/api/review/:id',
    {
      config: { access: 'admin', changes: 'reviews' },
      schema: { tags, description: 'Deletes a review for good (recorded in the audit log); 404 when there is none.', params: z.object({ id: idSchema }), response: { 204: z.null() } },
    },
    async (request, reply) => {
      forgetShown(await deleteReview(db.kysely, requireViewer(request), request.params.id));
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/admin/reviews/hide',
    {
      config: { access: 'admin', changes: 'reviews' },
      schema: { tags, description: 'Hides several reviews at once (kept, not shown); answers how many it hid.', body: reviewBulkHideSchema, response: { 200: reviewsHiddenSchema } },
    },
    async (request) => {
      const hidden = await hideReviews(db.kysely, requireViewer(request), request.body.ids);
      // Some may be reviews of parts, whose ratings the catalog's answers show.
      cache.invalidate('catalog');
      return { hidden };
    },
  );

  api.post(
    '/api/review',
    { config: { access: 'user', changes: 'reviews' }, schema: { tags, body: reviewInputSchema, response: { 201: reviewSchema } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const review = await postReview(db.kysely, viewer, request.body, { maxPerHour: config.reviewRateLimitPerHour }, config.reviewModeration);
      return reply.status(201).send(toReviewDto(review, viewer));
    },
  );

  // Reviews of a part (issue 65). Their writes change the part's rating, which catalog answers show.
  const partParams = z.object({ id: idSchema });

  api.get(
    '/api/products/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: "A part's reviews, verified purchases first, then newest first, page by page (`nextCursor`), with the summary of all of them.",
        params: partParams,
        querystring: partReviewListQuerySchema,
        response: { 200: partReviewPageSchema },
      },
    },
    async (request) => partReviewPage(db.kysely, request.params.id, request.query),
  );

  api.post(
    '/api/products/:id/reviews',
    {
      config: { access: 'user', changes: 'catalog' },
      schema: {
        tags,
        description: 'Reviews a part, once (409 when the account already did: PATCH …/reviews/mine changes it); verified when the account has a paid order of it. Counts towards REVIEW_RATE_LIMIT.',
        params: partParams,
        body: partReviewInputSchema,
        response: { 201: partReviewSchema },
      },
    },
    async (request, reply) => {
      const review = await postPartReview(db.kysely, requireViewer(request), request.params.id, request.body, { maxPerHour: config.reviewRateLimitPerHour }, config.reviewModeration);
      return reply.status(201).send(review);
    },
  );

  api.patch(
    '/api/products/:id/reviews/mine',
    {
      config: { access: 'user', changes: 'catalog' },
      schema: { tags, description: "Changes the account's review of the part (404 when it has none).", params: partParams, body: partReviewPatchSchema, response: { 200: partReviewSchema } },
    },
    async (request) => changeOwnPartReview(db.kysely, requireViewer(request), request.params.id, request.body, config.reviewModeration),
  );
}

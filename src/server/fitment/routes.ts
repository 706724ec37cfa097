import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { vehicleSchema, vinAnswerSchema } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { idSchema, vehicleQuerySchema, vinSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import type { VinDecoderConfig } from '../config.js';
import { requireViewer } from '../http/access.js';
import { HttpError } from '../http/errors.js';
import {
  addToGarage,
  GARAGE_MAX,
  garageOf,
  listVehicles,
  matchVin,
  removeFromGarage,
  vehicleMakes,
  vehicleModels,
  vehicleYears,
} from './service.js';
import { bounded, offlineDecoder, remembered, type VinDecoder, withOfflineFallback } from './vin.js';
import { vpicDecoder } from './vpic.js';

const tags = ['vehicles'];

/** A filter the list cannot do without: models need a make, vehicles a make and a model. */
const needed = (filter: z.ZodOptional<z.ZodString>, message: string) => z.string({ error: message }).trim().min(1, message).pipe(filter.unwrap());

const { year, make, model } = vehicleQuerySchema.shape;
const makesQuery = z.object({ year });
const modelsQuery = z.object({ year, make: needed(make, errorMessages.vehicles.makeRequired) });
const vehiclesQuery = modelsQuery.extend({ model: needed(model, errorMessages.vehicles.modelRequired) });
const garageParams = z.object({ vehicleId: idSchema });

/**
 * How hard the shop leans on the online decoder (a public service shared with everyone): a few calls at
 * once, a short wait for a turn before answering offline, and a VIN decoded once a day at most.
 */
const ONLINE_DECODER_LIMITS = { concurrency: 4, maxWaiting: 100, waitMs: 2000 };
const DECODED_VINS_KEPT = { size: 10_000, ttlMs: 24 * 3600_000 };

function vinDecoderFor(config: VinDecoderConfig, app: FastifyInstance): VinDecoder {
  if (config.kind !== 'nhtsa') return offlineDecoder;
  return withOfflineFallback(remembered(bounded(vpicDecoder(config.url), ONLINE_DECODER_LIMITS), DECODED_VINS_KEPT), app.log);
}

export async function fitmentRoutes(app: FastifyInstance, { db, cache, config }: AppContext) {
  const api = typed(app);
  const decoder = vinDecoderFor(config.vinDecoder, app);

  api.get(
    '/api/vehicles/years',
    { config: { access: 'public' }, schema: { tags, description: 'The model years the vehicle base has, newest first.', response: { 200: z.array(z.number().int()) } } },
    async (request, reply) => cache.serve(request, reply, 'vehicles', async () => ({ body: await vehicleYears(db.kysely) })),
  );

  api.get(
    '/api/vehicles/makes',
    {
      config: { access: 'public' },
      schema: { tags, description: 'The makes of a model year (of every year without `year`), by name.', querystring: makesQuery, response: { 200: z.array(z.string()) } },
    },
    async (request, reply) => cache.serve(request, reply, 'vehicles', async () => ({ body: await vehicleMakes(db.kysely, request.query.year) })),
  );

  api.get(
    '/api/vehicles/models',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'The models of a make (any case) in a model year (in any year without `year`), by name.',
        querystring: modelsQuery,
        response: { 200: z.array(z.string()) },
      },
    },
    async (request, reply) => cache.serve(request, reply, 'vehicles', async () => ({ body: await vehicleModels(db.kysely, request.query) })),
  );

  api.get(
    '/api/vehicles',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'The vehicles of a make and model (any case), one per year, trim and engine: of a model year, or of every year newest first.',
        querystring: vehiclesQuery,
        response: { 200: z.array(vehicleSchema) },
      },
    },
    async (request, reply) => cache.serve(request, reply, 'vehicles', async () => ({ body: await listVehicles(db.kysely, request.query) })),
  );

  api.get(
    '/api/vehicles/vin/:vin',
    {
      // Per client IP: every lookup may cost a call to the online decoder.
      config: { access: 'public', rateLimit: { max: config.vinRateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        description:
          'What a VIN says (its check digit checked): the model year and the make, and the vehicles of the base of that year and make ' +
          '(narrowed to the model and engine when the online decoder is on). 404 when the VIN does not tell its maker or year.',
        params: z.object({ vin: vinSchema }),
        response: { 200: vinAnswerSchema },
      },
    },
    async (request, reply) =>
      cache.serve(request, reply, 'vehicles', async () => {
        const { vin } = request.params;
        const decoding = await decoder.decode(vin);
        if (!decoding) throw new HttpError(404, 'not_found', errorMessages.vehicles.vinUnknown);
        return { body: await matchVin(db.kysely, vin, decoding) };
      }),
  );

  api.get(
    '/api/garage',
    { config: { access: 'user' }, schema: { tags, description: "The signed-in buyer's vehicles, newest model year first.", response: { 200: z.array(vehicleSchema) } } },
    async (request) => garageOf(db.kysely, requireViewer(request).id),
  );

  api.put(
    '/api/garage/:vehicleId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Adds a vehicle of the base to the garage (again: nothing changes) and answers the garage; 409 beyond ${GARAGE_MAX} vehicles.`,
        params: garageParams,
        response: { 200: z.array(vehicleSchema) },
      },
    },
    async (request) => addToGarage(db.kysely, requireViewer(request).id, request.params.vehicleId),
  );

  api.delete(
    '/api/garage/:vehicleId',
    {
      config: { access: 'user' },
      schema: { tags, description: 'Takes a vehicle out of the garage and answers the garage.', params: garageParams, response: { 200: z.array(vehicleSchema) } },
    },
    async (request) => removeFromGarage(db.kysely, requireViewer(request).id, request.params.vehicleId),
  );
}

/**
 * The fitment-quality list (issue 61): the returns domain counts the "doesn't fit" returns, the catalog
 * names the parts. The list a catalog manager fixes fitment data from.
 */
import type { FastifyInstance } from 'fastify';
import { type FitmentQuality, fitmentQualitySchema } from '../../shared/returns-api.js';
import { typed, type AppContext } from '../app-types.js';
import { listedProductsById } from '../catalog/service.js';
import type { Executor } from '../db/schema.js';
import { partsNotFitting } from '../returns/fitment-quality.js';

/** Parts ranked by "doesn't fit" returns with their part numbers and names; a part since removed from the catalog is left out (there is no data left to fix). */
export async function fitmentQuality(db: Executor): Promise<FitmentQuality> {
  const parts = await partsNotFitting(db);
  const products = await listedProductsById(db, parts.map((part) => part.productId));
  return parts.flatMap((part) => {
    const product = products.get(part.productId);
    if (!product) return [];
    return [
      {
        productId: String(part.productId),
        sku: product.sku,
        name: product.name,
        returns: part.returns,
        vehicles: part.vehicles.map((vehicle) => ({ ...vehicle, vehicleId: String(vehicle.vehicleId) })),
      },
    ];
  });
}

export async function fitmentQualityRoutes(app: FastifyInstance, { db }: AppContext) {
  typed(app).get(
    '/api/admin/fitment-quality',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['returns'],
        description:
          "Parts ranked by \"doesn't fit\" returns (rejected returns not counted), most first, each with the vehicles the buyers named: " +
          'how often, and whether our fitment data said the part fits it when the return was asked for.',
        response: { 200: fitmentQualitySchema },
      },
    },
    async () => fitmentQuality(db.kysely),
  );
}

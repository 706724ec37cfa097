import { CATEGORIES, searchWords } from '../../shared/catalog.js';
import { startsItsWords, SUGGEST_MIN_LENGTH, type Suggestions } from '../../shared/choosing.js';
import { suggestParts } from '../catalog/service.js';
import type { Executor } from '../db/schema.js';
import { garageOf } from '../fitment/service.js';
import type { Viewer } from '../http/access.js';

const SUGGESTED_CATEGORIES = 4;

/** What to offer as a buyer types: parts (by number and name), categories, and the vehicles of their own garage. */
export async function suggestions(db: Executor, q: string, viewer: Viewer | null): Promise<Suggestions> {
  const words = searchWords(q);
  if (q.trim().length < SUGGEST_MIN_LENGTH) return { parts: [], categories: [], vehicles: [] };
  const [parts, garage] = await Promise.all([suggestParts(db, q), viewer ? garageOf(db, viewer.id) : Promise.resolve([])]);
  const categories = CATEGORIES.filter((category) => startsItsWords(category.name, words))
    .slice(0, SUGGESTED_CATEGORIES)
    .map(({ slug, name }) => ({ slug, name }));
  const vehicles = garage
    .map((vehicle) => ({ id: vehicle.id, label: [vehicle.year, vehicle.make, vehicle.model, vehicle.submodel, vehicle.engine].filter(Boolean).join(' ') }))
    .filter((vehicle) => startsItsWords(vehicle.label, words));
  return { parts, categories, vehicles };
}

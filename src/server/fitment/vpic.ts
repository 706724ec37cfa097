/**
 * NHTSA's vPIC decoder (https://vpic.nhtsa.dot.gov/api): `GET {base}/vehicles/DecodeVinValues/{vin}?format=json`
 * answers `{ Count, Message, SearchCriteria, Results: [{ Make, Model, ModelYear, DisplacementL, ErrorCode, … }] }`,
 * one flat result whose unknown values are empty strings.
 */
import { z } from 'zod';
import { vinModelYear } from '../../shared/vin.js';
import type { VinDecoder } from './vin.js';

const TIMEOUT_MS = 5000;

const text = z
  .string()
  .nullish()
  .transform((value) => value?.trim() ?? '');
const answerSchema = z.object({
  Results: z.array(z.object({ Make: text, Model: text, ModelYear: text, DisplacementL: text })).min(1),
});

/** "1.8" or "1.798" litres as our engines begin: "1.8L". */
function displacement(litres: string): string | undefined {
  const value = Number(litres);
  return litres !== '' && value > 0 ? `${value.toFixed(1)}L` : undefined;
}

export function vpicDecoder(baseUrl: string, timeoutMs = TIMEOUT_MS): VinDecoder {
  return {
    async decode(vin) {
      const response = await fetch(`${baseUrl}/vehicles/DecodeVinValues/${encodeURIComponent(vin)}?format=json`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`vPIC answered ${response.status}`);
      const { Make, Model, ModelYear, DisplacementL } = answerSchema.parse(await response.json()).Results[0]!;
      const year = Number(ModelYear) || vinModelYear(vin);
      if (!Make || !year) return null;
      return { year, make: Make, model: Model || undefined, engine: displacement(DisplacementL) };
    },
  };
}

import { z } from 'zod';
import { spendingLimitSchema } from '../../../../shared/companies.js';

/** A spending limit as typed in dollars: empty is no limit (null), anything else checked by the shared rule. */
export const typedLimitSchema = z
  .string()
  .trim()
  .transform((typed) => (typed === '' ? null : Number(typed.replace(/^\$\s*/, '').replace(/,/g, ''))))
  .pipe(spendingLimitSchema);

/** A limit as the input shows it: 500 → "500.00", none → "". */
export const limitAsTyped = (limit: number | null) => (limit === null ? '' : limit.toFixed(2));

/**
 * The buyer's return form: one row per order line that shipped, its units (0: the line stays), reason and,
 * for a part that did not fit, the vehicle. The rows with units become the request, checked by the shared
 * returnRequestSchema; its messages (and the server's) are shown on the row they are about.
 */
import { z } from 'zod';
import type { OrderLine } from '../../../shared/api.js';
import { returnsUiMessages } from '../../../shared/returns-copy.js';
import { type ReturnRequest, returnRequestSchema } from '../../../shared/returns-api.js';
import { RETURN_REASONS, type ReturnReason, returnableUnits } from '../../../shared/returns.js';
import { ApiError } from '../../lib/api-client.js';

export interface ReturnFormRow {
  productId: string;
  /** NaN while the input is empty. */
  quantity: number;
  reason: ReturnReason | '';
  vehicleId: string;
}
export interface ReturnFormValues {
  lines: ReturnFormRow[];
  note: string;
}
/** The request, and for each of its lines the form row it came from. */
export interface ReturnFormOutput {
  request: ReturnRequest;
  rows: number[];
}

/** The lines a buyer may return units of: shipped and not all returned. */
export const returnableLines = (lines: readonly OrderLine[]) => lines.filter((line) => returnableUnits(line) > 0);

/** The reasons a line may come back for: 'core' only for a part that carries a core deposit. */
export const reasonsFor = (line: Pick<OrderLine, 'coreCharge'>): ReturnReason[] => RETURN_REASONS.filter((reason) => reason !== 'core' || line.coreCharge > 0);

export const emptyReturnForm = (lines: readonly OrderLine[]): ReturnFormValues => ({
  lines: lines.map((line) => ({ productId: line.productId, quantity: 0, reason: '', vehicleId: '' })),
  note: '',
});

/** A path of the request ('lines.1.vehicleId') as the form's ('lines.3.vehicleId'). */
function formPath(path: readonly PropertyKey[], rows: readonly number[]): PropertyKey[] {
  const [head, index, ...rest] = path;
  if (head === 'lines' && typeof index === 'number' && rows[index] !== undefined) return ['lines', rows[index], ...rest];
  return [...path];
}

/** The form's schema for these lines (the order's returnable ones, in the form's order). */
export function returnFormSchema(lines: readonly OrderLine[]) {
  return z
    .object({
      lines: z.array(z.object({ productId: z.string(), quantity: z.number(), reason: z.string(), vehicleId: z.string() })),
      note: z.string(),
    })
    .transform((values, ctx): ReturnFormOutput => {
      const rows: number[] = [];
      values.lines.forEach((row, index) => {
        if (row.quantity === 0) return;
        rows.push(index);
        const returnable = returnableUnits(lines[index]!);
        if (row.quantity > returnable) ctx.addIssue({ code: 'custom', path: ['lines', index, 'quantity'], message: returnsUiMessages.form.unitsAbove(returnable) });
      });
      const parsed = returnRequestSchema.safeParse({
        lines: rows.map((index) => {
          const { productId, quantity, reason, vehicleId } = values.lines[index]!;
          return { productId, quantity, reason: reason || undefined, vehicleId: reason === 'doesnt_fit' && vehicleId ? vehicleId : undefined };
        }),
        note: values.note.trim() || undefined,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: formPath(issue.path, rows), message: issue.message });
        return z.NEVER;
      }
      return { request: parsed.data, rows };
    });
}

/** The server's field errors about the request's lines, put on the form rows they came from. */
export function onFormRows(error: unknown, rows: readonly number[]): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [formPath(field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), rows).join('.'), message]));
  return new ApiError(error.status, error.code, error.message, fields, error.body);
}

/** Every input of the form, for the server's messages to go under. */
export const returnFormFields = (count: number) =>
  [...Array.from({ length: count }, (_, index) => (['quantity', 'reason', 'vehicleId'] as const).map((field) => `lines.${index}.${field}` as const)).flat(), 'lines', 'note'] as const;

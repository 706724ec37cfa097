/**
 * A quick order as typed, pasted or read from a CSV file: one part per line, its number then its quantity.
 * Only the text is read here; which part a number leads to is the server's to say (POST /api/parts/resolve).
 */
import { PART_NUMBER_MAX } from './catalog.js';
import { messages } from './messages.js';
import { fieldMessages, QUICK_ORDER_LINES_MAX } from './schemas.js';

/** A line read: the number as typed and the quantity. `line` counts from 1, blank lines included. */
export interface QuickOrderLine {
  line: number;
  number: string;
  quantity: number;
}

/** A line that could not be read, as it was typed, and why. */
export interface QuickOrderProblem {
  line: number;
  text: string;
  error: string;
}

export type QuickOrderEntry = QuickOrderLine | QuickOrderProblem;

const text = messages.ui.quickOrder;

// Cells are separated by spaces, tabs, commas or semicolons; the last cell is the quantity, the rest the
// number (which may itself hold spaces: "BL 1507 12").
const SEPARATORS = /^[\s,;]+|[\s,;]+$/g;
const NUMBER_THEN_LAST_CELL = /^(.*?)[\s,;]+([^\s,;]+)$/;
const QUANTITY_HEADER = /^(qty|quantity)$/i;
const INTEGER = /^[+-]?\d+$/;

export const isQuickOrderProblem = (entry: QuickOrderEntry): entry is QuickOrderProblem => 'error' in entry;

/** A line's part number and its last cell (CSV quotes dropped: part numbers never hold any); null for one cell alone. */
function splitLine(raw: string): { number: string; last: string } | null {
  const match = NUMBER_THEN_LAST_CELL.exec(raw.replaceAll('"', '').replace(SEPARATORS, ''));
  return match ? { number: match[1] ?? '', last: match[2] ?? '' } : null;
}

function readLine(line: number, raw: string): QuickOrderEntry {
  const problem = (error: string): QuickOrderProblem => ({ line, text: raw.trim(), error });
  const cells = splitLine(raw);
  if (!cells) return problem(messages.validation.quantityRequired);
  if (cells.number.length > PART_NUMBER_MAX) return problem(fieldMessages.tooLong(PART_NUMBER_MAX));
  if (!INTEGER.test(cells.last)) return problem(fieldMessages.quantityWhole);
  const quantity = Number(cells.last);
  if (quantity < 1) return problem(text.quantityPositive);
  return { line, number: cells.number, quantity };
}

const isHeader = (raw: string) => QUANTITY_HEADER.test(splitLine(raw)?.last ?? '');

/**
 * Every non-blank line read, in order, at most QUICK_ORDER_LINES_MAX of them (the first line beyond says how
 * many are left out). A first line whose last cell is "qty" or "quantity" is a CSV header, skipped.
 */
export function parseQuickOrder(input: string): QuickOrderEntry[] {
  const lines = input.split(/\r\n|\r|\n/).map((raw, index) => ({ line: index + 1, raw })).filter(({ raw }) => raw.trim() !== '');
  const [first] = lines;
  const rows = first && isHeader(first.raw) ? lines.slice(1) : lines;
  const entries = rows.slice(0, QUICK_ORDER_LINES_MAX).map(({ line, raw }) => readLine(line, raw));
  const beyond = rows[QUICK_ORDER_LINES_MAX];
  if (beyond) {
    entries.push({ line: beyond.line, text: beyond.raw.trim(), error: text.tooManyLines(QUICK_ORDER_LINES_MAX, rows.length - QUICK_ORDER_LINES_MAX) });
  }
  return entries;
}

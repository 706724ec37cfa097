/**
 * Writing CSV files for a spreadsheet (the catalog's, the orders'): the formula guard on cells, records
 * as text, a file a batch at a time, and the download that streams it.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

const UTF8_BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before them) as a
 * formula; a leading quote makes it text (OWASP, CSV injection). A cell that already starts with quotes
 * before such a character gets one more, so that `unguardCell` gives back exactly what was written.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

export function guardCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function unguardCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

/** Records as CSV text, every cell guarded; CRLF between rows, as RFC 4180 and Excel write them; a cell with any line break in it is quoted. */
export function csvLines(records: string[][]): string {
  return stringify(
    records.map((record) => record.map(guardCell)),
    { record_delimiter: 'windows', quote_record_delimiter: true },
  );
}

/** A file's text, piece by piece: the header (after a byte-order mark when asked, for Excel), then the records a batch at a time. */
export async function* csvFile(header: readonly string[], batches: AsyncIterable<string[][]>, { bom }: { bom: boolean }): AsyncGenerator<string> {
  yield (bom ? UTF8_BOM : '') + csvLines([[...header]]);
  for await (const records of batches) if (records.length > 0) yield csvLines(records);
}

/** Streams a file as a download named `partsmith-{what}-2025-06-01.csv`, dated the day of the export (UTC). */
export function sendCsv(reply: FastifyReply, what: string, file: AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="partsmith-${what}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(Readable.from(file, { objectMode: false }));
}

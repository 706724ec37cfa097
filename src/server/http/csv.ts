/**
 * Writing CSV files for a spreadsheet (the catalog's, the fitment's, the orders'): the formula guard on cells,
 * records as text, a file a batch at a time, and the download that streams it.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

const UTF8_BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula (OWASP, CSV
 * injection). Where a cell starts depends on how the file is read: Excel in several locales splits on `;`,
 * a reader that ignores quotes splits on `,` and line breaks, so a formula character is neutralised not
 * only at the start of the text but after every `,` `;` tab or line break in it, by a `'` put before it
 * (a spreadsheet shows a cell starting with `'` as text). Quote characters in between do not hide it: a
 * reader may take them as the cell's own quoting.
 *
 * `'` goes in wherever `'`s and `"`s then a formula character follow such a place, even when a `'` is
 * there already, so `unguardCell` takes exactly one `'` out of each such place and gives back the text
 * as it was written: an import reads the shop's own export unchanged.
 */
const GUARD_PLACE = /(?<=^|[,;\t\r\n])(?=['"]*[=+\-@\t\r])/g;
const GUARD_MARK = /(?<=^|[,;\t\r\n])'(?=['"]*[=+\-@\t\r])/g;

export function guardCell(text: string): string {
  return text.replace(GUARD_PLACE, () => "'");
}

export function unguardCell(text: string): string {
  return text.replace(GUARD_MARK, () => '');
}

/**
 * Records as CSV text, every cell guarded and quoted, so that a reader splitting on another separator
 * still finds the cell's separators inside quotes; CRLF between rows, as RFC 4180 and Excel write them.
 */
export function csvLines(records: string[][]): string {
  return stringify(
    records.map((record) => record.map(guardCell)),
    { record_delimiter: 'windows', quoted: true, quoted_empty: true },
  );
}

/** A header row: the shop's own column names, plain words, written as they are (an import matches them). */
const headerLine = (header: readonly string[]) => stringify([[...header]], { record_delimiter: 'windows' });

/** A file's text, piece by piece: the header (after a byte-order mark when asked, for Excel), then the records a batch at a time. */
export async function* csvFile(header: readonly string[], batches: AsyncIterable<string[][]>, { bom }: { bom: boolean }): AsyncGenerator<string> {
  yield (bom ? UTF8_BOM : '') + headerLine(header);
  for await (const records of batches) if (records.length > 0) yield csvLines(records);
}

/** Streams a file as a download named `partsmith-{what}-2025-06-01.csv`, dated the day of the export (UTC). */
export function sendCsv(reply: FastifyReply, what: string, file: AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="partsmith-${what}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(Readable.from(file, { objectMode: false }));
}

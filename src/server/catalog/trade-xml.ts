/**
 * Reading and writing the trade's XML files (ACES applications, PIES items) as streams. The reader hands
 * over one record (an `App`, an `Item`) at a time as a small tree, never the document; it refuses a
 * document type declaration (so no DTD, no external entity, no entity but XML's five is ever read), and
 * it lets other requests be answered between slices of the file, as the CSV imports do (ROWS_PER_YIELD).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SaxesParser } from 'saxes';
import { z } from 'zod';
import { errorMessages } from '../../shared/messages.js';
import { HttpError } from '../http/errors.js';
import type { TradeImportReport } from '../../shared/api.js';
import { type CheckedImport, IMPORT_MAX_BYTES, ROWS_PER_YIELD } from './csv-sheet.js';

const m = errorMessages.tradeImport;

/** An element of a record: its attributes, its own text (trimmed) and its child elements. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
}

/** A file that is not one the import reads: its message says why; nothing of it counts. */
export class XmlRefused extends Error {}

/** The report of a file refused whole: one problem, for the file (record ""), and nothing to write. */
export function refusedFile(message: string): CheckedImport<TradeImportReport> {
  const report = { created: 0, updated: 0, deleted: 0, unchanged: 0, errors: [{ record: '', message }], ignored: [] };
  return { report, write: async () => report };
}

/** The first child of that name, and its text or an attribute. */
export const child = (element: XmlElement, name: string) => element.children.find((c) => c.name === name);
export const children = (element: XmlElement, name: string) => element.children.filter((c) => c.name === name);
export const childText = (element: XmlElement, name: string) => child(element, name)?.text ?? '';

/** A name without its namespace prefix (`pies:Item` is `Item`). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The records of a document whose root is `root`: each element named `record` directly under it (or
 * under its child `under`: PIES has its Items in an Items element), and
 * the texts of the `Header`'s children (by name). Throws XmlRefused for a file that is not such a
 * document, with the parser's message and where.
 */
export async function readRecords(
  xml: AsyncIterable<string>,
  { root, record, under = root }: { root: string; record: string; under?: string },
  onRecord: (element: XmlElement) => void | Promise<void>,
): Promise<{ header: Map<string, string> }> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const header = new Map<string, string>();
  const open: XmlElement[] = [];
  const done: XmlElement[] = [];
  let failure: Error | undefined;
  let sawRoot = false;
  parser.on('doctype', () => {
    failure ??= new XmlRefused(m.doctype);
  });
  parser.on('error', (error) => {
    failure ??= new XmlRefused(m.notXml(error.message));
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (open.length === 0 && !sawRoot) {
      sawRoot = true;
      if (name !== root) failure ??= new XmlRefused(m.wrongRoot(root, name));
    }
    open.push({ name, attributes: { ...tag.attributes } as Record<string, string>, text: '', children: [] });
  });
  const addText = (text: string) => {
    const current = open.at(-1);
    if (current && open.length > 1) current.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const element = open.pop()!;
    element.text = element.text.trim();
    const parent = open.at(-1);
    if (element.name === record && parent?.name === under && open.length === (under === root ? 1 : 2)) done.push(element);
    else if (open.length === 2 && parent?.name === 'Header') header.set(element.name, element.text);
    else if (parent && open.length > 1) parent.children.push(element);
  });
  let handled = 0;
  for await (const text of xml) {
    parser.write(text);
    for (const element of done.splice(0)) {
      if (failure) break;
      await onRecord(element);
      handled += 1;
      if (handled % ROWS_PER_YIELD === 0) await yieldToOtherRequests();
    }
    if (failure) break;
    await yieldToOtherRequests();
  }
  if (failure) throw failure;
  parser.close();
  for (const element of done.splice(0)) await onRecord(element);
  if (failure) throw failure;
  if (!sawRoot) throw new XmlRefused(m.wrongRoot(root, ''));
  return { header };
}

// ---- Writing ------------------------------------------------------------------

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or an attribute value as XML writes it (characters XML 1.0 cannot hold dropped). */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** `<name a="1">text</name>`, or `<name a="1"/>` without text. */
export function xmlElement(name: string, attributes: Record<string, string | number> = {}, text = ''): string {
  const attrs = Object.entries(attributes).map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`).join('');
  return text === '' ? `<${name}${attrs}/>` : `<${name}${attrs}>${escapeXml(text)}</${name}>`;
}

// ---- HTTP ----------------------------------------------------------------------------

/** The largest XML file read: a manufacturer's 100,000 applications, with room to spare. */
export const XML_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** An XML body over XML_IMPORT_MAX_BYTES: refused as Fastify refuses any other body over its route's limit. */
const tooLarge = () => new HttpError(413, 'body_too_large', errorMessages.bodyTooLarge);

/**
 * Lets the routes of this plugin read XML bodies, as the request's own stream: the route copies the file
 * to a temporary one as it arrives and reads it from there (`importFile`), so that a large file is never
 * held whole in memory. A body that says it is over
 * the limit is refused before it is read. (Only the route's handler reads the stream: a request its
 * onRequest hooks refuse, a stranger's or a customer's, is answered without it.) Other plugins keep
 * refusing XML bodies.
 */
export function acceptXmlBodies(app: FastifyInstance): void {
  app.addContentTypeParser(['application/xml', 'text/xml'], (request, payload, done) => {
    if (Number(request.headers['content-length']) > XML_IMPORT_MAX_BYTES) done(tooLarge(), undefined);
    else done(null, payload);
  });
}

/**
 * An import route's body: the text of a CSV file, or the stream of an XML one (acceptXmlBodies); any
 * other body (JSON, say) is refused by the route's schema, 400.
 */
export const importBodySchema = z.union([z.string(), z.custom<Readable>((body) => body instanceof Readable, { message: m.bodyNotAFile })]);

/**
 * A body's bytes as they arrive, at most `maxBytes`: past that it throws a 413 and the rest of the body
 * is read and dropped, as Fastify drops a body over its limit. Stopping early leaves the request as it
 * is (destroying it would close the connection before the answer).
 */
async function* limitedBytes(body: Readable, maxBytes: number): AsyncGenerator<Buffer> {
  let received = 0;
  for await (const chunk of body.iterator({ destroyOnReturn: false })) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    received += bytes.length;
    if (received > maxBytes) {
      body.resume();
      throw tooLarge();
    }
    yield bytes;
  }
}

/** UTF-8 bytes as text, chunk by chunk: a character split between two chunks is read whole. */
export async function* utf8Text(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const bytes of chunks) {
    const text = decoder.decode(bytes, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/**
 * An XML body's text. The body is copied to a temporary file as fast as it arrives (at most
 * XML_IMPORT_MAX_BYTES, else 413), then read from there a chunk at a time while it is checked: the file
 * is never held whole in memory, and its upload is not held back by the check (nor by its wait for the
 * import's turn), so it ends within the server's REQUEST_TIMEOUT as any other body must. The file is
 * removed once the request is answered.
 */
export async function spooledXml(reply: FastifyReply, body: Readable): Promise<AsyncIterable<string>> {
  const folder = await mkdtemp(join(tmpdir(), 'partsmith-import-'));
  const remove = () => void rm(folder, { recursive: true, force: true });
  reply.raw.once('close', remove);
  reply.raw.once('finish', remove);
  const path = join(folder, 'body.xml');
  await pipeline(limitedBytes(body, XML_IMPORT_MAX_BYTES), createWriteStream(path));
  return utf8Text(createReadStream(path));
}

const isXml = (request: FastifyRequest) => /^(application|text)\/xml\b/i.test(request.headers['content-type'] ?? '');

/** An import's file: a CSV file's text, or an XML file's text as it arrives. */
export type ImportFile = { csv: string; xml?: undefined } | { xml: AsyncIterable<string>; csv?: undefined };

/**
 * The file of an import route that reads CSV and XML: XML when the route is asked for a trade format, CSV
 * otherwise, each within its own size.
 */
export async function importFile(request: FastifyRequest & { body: string | Readable }, reply: FastifyReply, format: string | undefined): Promise<ImportFile> {
  const xml = isXml(request);
  if (format !== undefined && !xml) throw new HttpError(415, 'unsupported_media_type', m.xmlExpected(format.toUpperCase()));
  if (format === undefined && xml) throw new HttpError(415, 'unsupported_media_type', m.csvExpected);
  const { body } = request;
  if (typeof body !== 'string') return { xml: await spooledXml(reply, body) };
  if (Buffer.byteLength(body) > IMPORT_MAX_BYTES) throw new HttpError(413, 'too_large', m.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024));
  return { csv: body };
}

export function sendXml(reply: FastifyReply, what: string, file: AsyncIterable<string>) {
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="partsmith-${what}-${new Date().toISOString().slice(0, 10)}.xml"`)
    .send(Readable.from(file, { objectMode: false }));
}

/**
 * A PDF as a reader sees it, by poppler-utils: its text by pdftotext (`-layout`: columns stay on their
 * line; each page ends with a form feed), its metadata by pdfinfo. Without poppler-utils the tests that
 * read PDFs are skipped locally, loudly, and fail under CI (as npm test does for a missing PostgreSQL or Chromium).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const TOOLS = { pdftotext: '/usr/bin/pdftotext', pdfinfo: '/usr/bin/pdfinfo' };
const CI = process.env.CI === 'true' || process.env.CI === '1';
const missing = Object.values(TOOLS).filter((path) => !existsSync(path));

/** Whether to run the tests that read PDFs: always under CI, where missing tools are a failure. */
export const canReadPdfs = missing.length === 0 || CI;
if (missing.length > 0) {
  console.warn(`!!! ${missing.join(', ')} missing (apt-get install poppler-utils): ${CI ? 'failing' : 'skipping'} the tests that read PDFs`);
}

async function poppler(tool: keyof typeof TOOLS, args: (file: string) => string[], pdf: Buffer): Promise<string> {
  if (missing.length > 0) throw new Error(`${missing.join(', ')} missing: install poppler-utils (apt-get install poppler-utils) to read PDFs in tests`);
  const dir = mkdtempSync(join(tmpdir(), 'partsmith-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const { stdout } = await promisify(execFile)(TOOLS[tool], args(file), { maxBuffer: 32 * 1024 * 1024 });
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text, laid out as on the page (`pdftotext -layout file -`). */
export const pdfText = (pdf: Buffer) => poppler('pdftotext', (file) => ['-layout', '-enc', 'UTF-8', file, '-'], pdf);

/** pdfinfo's fields: Title, Author, Pages, Page size, … */
export async function pdfInfo(pdf: Buffer): Promise<Record<string, string>> {
  const fields = (await poppler('pdfinfo', (file) => [file], pdf)).split('\n').filter((line) => line.includes(':'));
  return Object.fromEntries(fields.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
}

/** The pages of pdftotext's output (each ends with a form feed). */
export const pagesOf = (text: string) => text.split('\f').filter((page) => page.trim() !== '');

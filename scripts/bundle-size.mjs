#!/usr/bin/env node
/**
 * The home page's JavaScript budget: the gzipped size of every script the home route loads at first
 * paint — the entry named by dist/web/index.html, its modulepreload links, and everything those import
 * statically (followed through the built files' `import … from "./x.js"` statements). Lazy chunks
 * (`import("./x.js")`) are not followed: the home route does not load them at first paint.
 *
 *   npm run build:web && npm run bench:bundle      # exits 1 above the budget
 *
 * Sizes are zlib gzip at its default level; Vite's own report may differ by a percent.
 *
 * Options: --dist <dir> (default dist/web), --budget <KB> (default 160, in kB of 1000 bytes as Vite prints them).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const dist = resolve(option('dist', 'dist/web'));
const budgetKb = Number(option('budget', '160'));

const indexFile = join(dist, 'index.html');
if (!existsSync(indexFile)) {
  console.error(`No ${indexFile}: build the storefront first (npm run build:web).`);
  process.exit(2);
}
const html = readFileSync(indexFile, 'utf8');

/** URL paths ("/assets/x.js") of the scripts index.html starts or preloads. */
const roots = [
  ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
];
if (roots.length === 0) {
  console.error('index.html names no module script.');
  process.exit(2);
}

// Static imports and re-exports in minified ES modules: `import{a}from"./b.js"`, `import"./c.js"`,
// `export*from"./d.js"`. A dynamic `import("./e.js")` has a parenthesis, so it does not match.
const STATIC_IMPORT = /(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

const seen = new Map();
const queue = [...roots];
while (queue.length > 0) {
  const url = queue.shift();
  if (seen.has(url)) continue;
  if (!url.startsWith('/')) {
    console.error(`Not a local script, cannot measure: ${url}`);
    process.exit(2);
  }
  const file = join(dist, url);
  const code = readFileSync(file);
  seen.set(url, { raw: code.length, gzip: gzipSync(code).length });
  for (const match of code.toString('utf8').matchAll(STATIC_IMPORT)) {
    const target = match[1];
    if (!target.startsWith('.') && !target.startsWith('/')) continue;
    queue.push(target.startsWith('/') ? target : posix.join(posix.dirname(url), target));
  }
}

// kB as Vite prints them (1 kB = 1000 bytes), so the numbers match `vite build` output.
const KB = 1000;
const kb = (bytes) => (bytes / KB).toFixed(2).padStart(8);
let total = 0;
let totalRaw = 0;
console.log(`Home route JavaScript (${dirname(indexFile)}/index.html + static imports):`);
for (const [url, size] of [...seen].sort((a, b) => b[1].gzip - a[1].gzip)) {
  total += size.gzip;
  totalRaw += size.raw;
  console.log(`${kb(size.gzip)} kB gzip ${kb(size.raw)} kB raw  ${url}`);
}
console.log(`${kb(total)} kB gzip ${kb(totalRaw)} kB raw  total (${seen.size} files); budget ${budgetKb} kB gzip`);
if (total > budgetKb * KB) {
  console.error(`Over budget by ${((total - budgetKb * KB) / KB).toFixed(2)} kB.`);
  process.exit(1);
}

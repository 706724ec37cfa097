// After `vite build`: the pages whose first view is the same for every visitor, rendered into their HTML
// (src/web/app/prerender.tsx), next to index.html under dist/web/pages/.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT = 'dist/web';
// React's production build, as the browser gets it.
process.env.NODE_ENV = 'production';
const out = mkdtempSync(join(tmpdir(), 'partsmith-prerender-'));
try {
  await build({
    logLevel: 'warn',
    build: { ssr: 'app/prerender.tsx', outDir: out, emptyOutDir: true, copyPublicDir: false },
    // Everything in one file, so that it runs from a temporary folder.
    ssr: { noExternal: true },
  });
  const { renderPages } = await import(pathToFileURL(join(out, 'prerender.js')).href);
  const pages = await renderPages(readFileSync(join(ROOT, 'index.html'), 'utf8'));
  for (const [file, html] of pages) {
    mkdirSync(dirname(join(ROOT, file)), { recursive: true });
    writeFileSync(join(ROOT, file), html);
  }
  console.log(`prerendered ${pages.size} pages in ${ROOT}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}

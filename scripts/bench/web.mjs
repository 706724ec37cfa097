// npm run bench:web: Lighthouse (driving Debian's Chromium) on the home page and /allProducts of the
// production build, served with a 10,000-product catalog. Prints performance and accessibility scores
// and the largest-contentful-paint time; exits non-zero below 95 (unless --short).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../lib/free-port.mjs';
import { SERVER_NODE_FLAGS } from '../lib/node-flags.mjs';
import { requireSupportedNode } from '../lib/require-node.mjs';

requireSupportedNode();

const SHORT = process.argv.includes('--short');
const CHROME = '/usr/bin/chromium';
const BUDGET = 95;
const PAGES = ['/', '/allProducts'];
const work = mkdtempSync(join(tmpdir(), 'partsmith-lighthouse-'));
let server;
process.on('exit', () => {
  server?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

console.log('[bench:web] building and seeding a 10,000-product catalog…');
execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const databaseUrl = join(work, 'shop.db');
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/seed.ts', databaseUrl], { stdio: ['ignore', 'ignore', 'inherit'] });

const port = await freePort();
server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
  env: { ...process.env, NODE_ENV: 'production', PAYMENTS: 'test', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 200));
}

const flags = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const rows = [];
for (const page of PAGES) {
  const output = join(work, 'report.json');
  execFileSync(
    process.execPath,
    ['node_modules/lighthouse/cli/index.js', base + page, `--chrome-flags=${flags}`, '--only-categories=performance,accessibility', '--output=json', `--output-path=${output}`, '--quiet'],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const report = JSON.parse(readFileSync(output, 'utf8'));
  rows.push({
    page,
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    lcpMs: report.audits['largest-contentful-paint'].numericValue,
    tbtMs: report.audits['total-blocking-time'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
  });
}

console.log('\nLighthouse (mobile profile, simulated throttling), production build, 10,000 products');
console.log('page           performance  accessibility  LCP ms   TBT ms   CLS');
for (const r of rows) {
  console.log(`${r.page.padEnd(14)} ${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}  ${r.lcpMs.toFixed(0).padStart(6)}  ${r.tbtMs.toFixed(0).padStart(6)}  ${r.cls.toFixed(3)}`);
}
const misses = rows.flatMap((r) =>
  [r.performance < BUDGET && `${r.page}: performance ${r.performance} < ${BUDGET}`, r.accessibility < BUDGET && `${r.page}: accessibility ${r.accessibility} < ${BUDGET}`].filter(Boolean),
);
console.log(misses.length ? `budgets missed:\n  ${misses.join('\n  ')}` : 'all budgets met');
process.exitCode = misses.length && !SHORT ? 1 : 0;
setTimeout(() => process.exit(), 100);

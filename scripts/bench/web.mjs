// npm run bench:web: Lighthouse (mobile profile, simulated throttling, driving Debian's Chromium) on the
// home page, /allProducts and a part's page of the production build, served as `npm start` serves it,
// with a 10,000-part catalog. Prints each page's performance and accessibility score against its budget,
// with the largest-contentful-paint time, total blocking time and layout shift.
//
// Full run: three Lighthouse runs a page, the median run (by performance) counts; exits non-zero below
// the budget of 95. Short run (`--short`, in `npm test` and CI): one run a page, more (up to three) while
// they are below the floor (the best counts), and exits non-zero below the floor.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../lib/free-port.mjs';
import { SERVER_NODE_FLAGS } from '../lib/node-flags.mjs';
import { requireSupportedNode } from '../lib/require-node.mjs';
import { recordMisses } from '../lib/bench-misses.mjs';

requireSupportedNode();

const SHORT = process.argv.includes('--short');
const CHROME = '/usr/bin/chromium';
const BUDGET = { performance: 95, accessibility: 95 };
// The short run's floor. Lighthouse times the page's own work on the CPU it runs on (then slows it 4×),
// and `npm test` runs it on a 2-core machine busy with the rest of the suite and other benchmarks: there
// pages that score 96–99 on a quiet machine measured 91–96 (load average 4), single runs as low as 86.
// On a slower 2-core machine one build scored 76–98 on the home page, 52–94 on /allProducts and 79–90 on
// a part's page run to run (total blocking time 170–600 ms): the page's own work is the same, the
// machine's time for it is not. The floor sits below most of that spread, and the best of three runs
// counts; it still fails a real regression: a render-blocking script, a page's code in a waterfall, a
// second copy of React or an unsized picture each cost more than 10 points, in every run.
// Accessibility does not depend on load: its floor is the budget.
const FLOOR = { performance: 80, accessibility: 95 };
const limits = SHORT ? FLOOR : BUDGET;
const RUNS = SHORT ? 1 : 3;
const SHORT_RUNS_MAX = 3;
// A part of the seeded catalog (scripts/bench/seed.ts numbers its parts PS-100000, PS-100001, …).
const PART_PAGE = '/parts/PS-100000';
const PAGES = ['/', '/allProducts', PART_PAGE];
const work = mkdtempSync(join(tmpdir(), 'partsmith-lighthouse-'));
let server;
process.on('exit', () => {
  server?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

// The pages show parts, their fitment and reviews; orders and customers only need to exist. Smaller
// counts than seed.ts's defaults keep seeding to a few seconds: 10,000 parts, 100,000 fitment rows
// (10 a part, as the default catalog has), 20,000 vehicles, 2,000 reviews, 2,000 orders, 200 customers.
const seedCounts = {
  BENCH_PRODUCTS: '10000',
  BENCH_APPLICATIONS: '100000',
  BENCH_VEHICLES: '20000',
  BENCH_REVIEWS: '2000',
  BENCH_ORDERS: '2000',
  BENCH_CUSTOMERS: '200',
};
console.log('[bench:web] building and seeding a 10,000-part catalog…');
execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const databaseUrl = join(work, 'shop.db');
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/seed.ts', databaseUrl], {
  env: { ...process.env, ...seedCounts },
  stdio: ['ignore', 'ignore', 'inherit'],
});

// As `npm start` runs it (scripts/start.mjs), with the default settings (its request log goes to a file).
const port = await freePort();
const serverLog = join(work, 'server.log');
server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
  env: { ...process.env, PAYMENTS: 'test', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: '0' },
  stdio: ['ignore', openSync(serverLog, 'w'), 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 200));
}
if (!(await fetch(`${base}/api/products/sku/${PART_PAGE.split('/').pop()}`)).ok) {
  console.error(`[bench:web] ${PART_PAGE} is not in the seeded catalog; server log: ${readFileSync(serverLog, 'utf8').slice(-2000)}`);
  process.exit(1);
}

const flags = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

/** One Lighthouse run; a run Lighthouse itself gives up on (NO_NAVSTART, a lost trace) is tried again. */
function lighthouse(page) {
  const output = join(work, 'report.json');
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(
        process.execPath,
        ['node_modules/lighthouse/cli/index.js', base + page, `--chrome-flags=${flags}`, '--only-categories=performance,accessibility', '--output=json', `--output-path=${output}`, '--quiet'],
        { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      const report = JSON.parse(readFileSync(output, 'utf8'));
      if (report.runtimeError) throw new Error(report.runtimeError.message);
      return {
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        lcpMs: report.audits['largest-contentful-paint'].numericValue,
        tbtMs: report.audits['total-blocking-time'].numericValue,
        cls: report.audits['cumulative-layout-shift'].numericValue,
      };
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`[bench:web] Lighthouse failed on ${page} (${error.message.split('\n')[0]}), again…`);
    }
  }
}

/** The median run of RUNS (by performance); in short mode more runs (up to SHORT_RUNS_MAX) while below the floor, the best one. */
function measure(page) {
  const runs = Array.from({ length: RUNS }, () => lighthouse(page));
  while (SHORT && runs.length < SHORT_RUNS_MAX && runs.every((run) => run.performance < FLOOR.performance)) runs.push(lighthouse(page));
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const counted = SHORT ? sorted.at(-1) : sorted[Math.floor(sorted.length / 2)];
  return { page, ...counted, scores: runs.map((run) => run.performance) };
}

const rows = [];
for (const page of PAGES) rows.push(measure(page));

const how = SHORT ? `short run: the best of up to ${SHORT_RUNS_MAX} runs a page, against the floor` : `full run: the median of ${RUNS} runs a page`;
console.log(`\nLighthouse (mobile profile, simulated throttling), production build, 10,000 parts; ${how}`);
/** A score with what it is held to: the budget, and in short mode the floor first. */
const against = (category, score) => `${score} (${SHORT ? `floor ${FLOOR[category]}, ` : ''}budget ${BUDGET[category]})`;
const table = rows.map((r) => [
  r.page,
  `${against('performance', r.performance)}${r.scores.length > 1 ? ` runs ${r.scores.join('/')}` : ''}`,
  against('accessibility', r.accessibility),
  r.lcpMs.toFixed(0),
  r.tbtMs.toFixed(0),
  r.cls.toFixed(3),
]);
const header = ['page', 'performance', 'accessibility', 'LCP ms', 'TBT ms', 'CLS'];
const widths = header.map((title, i) => Math.max(title.length, ...table.map((row) => row[i].length)));
for (const row of [header, ...table]) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
console.log("LCP, TBT and CLS have no budget of their own (Lighthouse calls ≤ 2500 ms, ≤ 200 ms and ≤ 0.1 good on mobile).");
const misses = rows.flatMap((r) =>
  ['performance', 'accessibility'].filter((category) => r[category] < limits[category]).map((category) => `${r.page}: ${category} ${r[category]} < ${limits[category]}`),
);
const what = SHORT ? 'floor' : 'budget';
recordMisses(misses);
console.log(misses.length ? `${what} missed:\n  ${misses.join('\n  ')}` : `every page meets the ${what}`);
process.exitCode = misses.length ? 1 : 0;
setTimeout(() => process.exit(), 100);

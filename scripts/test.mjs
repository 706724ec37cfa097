// npm test: every test, on both databases and in a real browser. Starts what it needs (a throwaway
// PostgreSQL, the server on a temp database via Playwright's webServer) and stops it after.
// Without PostgreSQL or Chromium it says so loudly and skips that part; with CI=true that is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMisses } from './lib/bench-misses.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { requireSupportedNode } from './lib/require-node.mjs';

// Node 24, which `npm ci` installs (node_modules/.bin/node). npm scripts find it first on the PATH, and so
// does everything started from here: npx, vitest, playwright and its web servers, tsx, the benchmarks.
requireSupportedNode();
console.log(`npm test runs on Node ${process.version} (${process.execPath})`);

const CI = process.env.CI === 'true' || process.env.CI === '1';
const CHROMIUM = '/usr/bin/chromium';
const reports = mkdtempSync(join(tmpdir(), 'partsmith-reports-'));
const results = [];

function run(label, command, args, env = {}) {
  console.log(`\n━━━ ${label} ━━━`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return status === 0;
}

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failures = report.testResults.flatMap((suite) => [
    ...(suite.status === 'failed' && suite.assertionResults.length === 0 ? [`${suite.name}: ${firstLine(suite.message)}`] : []),
    ...suite.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${test.fullName}: ${firstLine(test.failureMessages?.[0])}`),
  ]);
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numTotalTestSuites === 0 ? 1 : 0), failures };
}

/** The tail of a CI log is often all that is kept: the summary names each failed test with the first line of its error. */
function firstLine(text = '') {
  return text.split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
}

// A flaky test (failed, then passed on a retry) is a failure: it is counted and reported as failed.
function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  const flaky = stats.flaky ?? 0;
  return {
    passed: stats.expected,
    failed: stats.unexpected + flaky,
    why: flaky > 0 ? `${flaky} flaky (passed only on a retry), counted as failed` : undefined,
    failures: playwrightFailures(suites),
  };
}

function playwrightFailures(suites = [], path = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) => `${[...path, suite.title, spec.title].filter(Boolean).join(' › ')} (${test.status}): ${firstLine(test.results.find((r) => r.error)?.error?.message)}`),
    ),
    ...playwrightFailures(suite.suites, [...path, suite.title]),
  ]);
}

function record(label, ok, counts) {
  const failed = ok ? counts.failed : Math.max(1, counts.failed);
  results.push({ label, ok: ok && failed === 0, passed: counts.passed, failed, why: counts.why, failures: counts.failures });
}

function step(label, ok) {
  results.push({ label, ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

/** A benchmark's step; the summary names each figure that missed its floor. */
function benchmark(label, title, script) {
  const missesFile = join(reports, `${script.replace(':', '-')}-misses.json`);
  const ok = run(title, 'npm', ['run', script, '--', '--short'], { BENCH_MISSES_FILE: missesFile });
  const recorded = readMisses(missesFile);
  const misses = recorded?.length ? recorded : ['exited non-zero and recorded no miss: see its output above'];
  record(label, ok, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, failures: ok ? [] : misses });
}

function skip(label, why) {
  const banner = `!!! ${label}: ${why}`;
  console.log(`\n${'!'.repeat(banner.length)}\n${banner}\n${'!'.repeat(banner.length)}`);
  results.push({ label, ok: !CI, passed: 0, failed: CI ? 1 : 0, skipped: true, why });
}

// 1. Types, both halves.
const typesOk =
  run('typecheck (server)', 'npx', ['tsc', '-p', 'tsconfig.json']) &&
  run('typecheck (web)', 'npx', ['tsc', '-p', 'tsconfig.web.json']);
step('typecheck', typesOk);

// 1b. Lint: import cycles and the boundaries between shared, server layers, domains and web (eslint.config.js).
step('lint', run('lint (npm run lint)', 'npm', ['run', 'lint']));

// 2. Unit, API (SQLite) and component tests.
const sqliteReport = join(reports, 'vitest-sqlite.json');
const unitOk = run('unit, API on SQLite, components', 'npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${sqliteReport}`,
]);
record('vitest (SQLite + web components)', unitOk, vitestCounts(sqliteReport));

// 3. The API suite again on a real PostgreSQL.
const postgres = await startPostgres().catch((error) => {
  console.error('could not start PostgreSQL:', error.message);
  return null;
});
if (postgres) {
  const pgReport = join(reports, 'vitest-postgres.json');
  const pgOk = run('API on PostgreSQL', 'npx', [
    'vitest', 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${pgReport}`,
  ], { TEST_POSTGRES_URL: postgres.url });
  record('vitest (PostgreSQL)', pgOk, vitestCounts(pgReport));
  postgres.stop();
} else {
  skip('PostgreSQL tests', 'PostgreSQL is not installed (apt-get install postgresql) — the API suite did NOT run on PostgreSQL');
}

// 4. The browser suite in Debian's Chromium.
if (existsSync(CHROMIUM)) {
  const pwReport = join(reports, 'playwright.json');
  const e2eOk = run('end-to-end in Chromium', 'npx', ['playwright', 'test', '--reporter=list,json', '--fail-on-flaky-tests'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport,
  });
  record('playwright (Chromium)', e2eOk, playwrightCounts(pwReport));
} else {
  skip('browser tests', `${CHROMIUM} is missing (apt-get install chromium) — the end-to-end suite did NOT run`);
}

// 5. The benchmarks in short mode: regression floors (the budgets are judged by full runs, docs/performance.md).
benchmark('benchmark (short)', 'benchmark, short mode (npm run bench -- --short)', 'bench');
if (existsSync(CHROMIUM)) benchmark('Lighthouse (short)', 'Lighthouse, short mode (npm run bench:web -- --short)', 'bench:web');

console.log('\n━━━ summary ━━━');
for (const r of results) {
  const state = r.skipped ? (CI ? 'MISSING' : 'SKIPPED') : r.ok ? 'ok' : 'FAILED';
  console.log(`${state.padEnd(8)} ${r.label}: ${r.passed} passed, ${r.failed} failed${r.why ? ` (${r.why})` : ''}`);
  for (const failure of r.failures ?? []) console.log(`           ✗ ${failure}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

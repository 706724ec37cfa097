// npm run bench: the shop started exactly as `npm start` starts it (scripts/start.mjs, default settings,
// logging included), on a fresh database of 100,000 parts, 20,000 vehicles, 1,000,000 fitment rows,
// 200,000 orders with lines and 20,000 reviews, measured side by side with two bare node:http ceilings
// in the same run (docs/performance.md):
//   bytes ceiling (ceiling.mjs):        sends the shop's answer's bytes; judges the cached reads
//   same-work ceiling (same-work.mjs):  runs the shop's statements per request and JSON.stringify; judges
//                                       the uncached reads (the shop with PUBLIC_CACHE_MS=0) and the orders
// Prints every figure beside its budget and its ceiling and exits non-zero on a miss.
//   --short      a smaller seed and 2 s per run (npm test/CI): enforces regression floors, not the budgets
//   --postgres   on a throwaway PostgreSQL instead of SQLite (or set DATABASE_URL=postgres://…)
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, createReadStream, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { freePort } from '../lib/free-port.mjs';
import { startPostgres } from '../lib/postgres.mjs';
import { requireSupportedNode } from '../lib/require-node.mjs';
import { recordMisses } from '../lib/bench-misses.mjs';

requireSupportedNode();

const args = new Set(process.argv.slice(2));
const SHORT = args.has('--short');
const SECONDS = SHORT ? 2 : 10;
// JIT warm-up before each measured run of the shop and of the same-work ceiling, which run different
// code per URL (the bytes ceiling is warmed once).
const WARMUP = SHORT ? 1 : 3;
// A full run measures a figure and its ceiling in alternating slices of SECONDS / ROUNDS (autocannon ends
// a run at its next whole second: four slices of 3 s): the machine's speed drifts within seconds, and
// slices move the shop and its ceiling alike, so that their ratio holds where their rates do not.
const ROUNDS = SHORT ? 2 : 4;
const CONNECTIONS = 50;
// Admin pages are used by a handful of staff at once, not by 50 browsers.
const ADMIN_CONNECTIONS = 5;
// The full run judges the budgets. The short run (npm test, CI: a loaded 2-core machine, a smaller seed,
// 1 s slices whose ratios move by a factor of two there) enforces floors that guard against regressions
// only: failed requests, units not accounted for, a read or an order path an order of magnitude slower
// than its ceiling, a stall of seconds, memory past a leak's worth. They sit far below what the shop
// reaches on a busy machine, so that the machine's load cannot trip them.
const BUDGETS = {
  full: { cachedRatio: 0.6, cachedP99: 20, uncachedRatio: 0.5, uncachedP99: 50, orderRatio: 0.5, adminP99: 100, rssMb: 300, acesLongestAnswerMs: 500 },
  short: { cachedRatio: 0.1, cachedP99: 2000, uncachedRatio: 0.05, uncachedP99: 5000, orderRatio: 0.1, adminP99: 5000, rssMb: 300, acesLongestAnswerMs: 5000 },
};
const BUDGET = SHORT ? BUDGETS.short : BUDGETS.full;
// The short run seeds a tenth of the orders and fitment rows: the same queries, a quicker start.
const SHORT_SEED = { BENCH_ORDERS: '20000', BENCH_APPLICATIONS: '100000' };

const work = mkdtempSync(join(tmpdir(), 'partsmith-bench-'));
const children = [];
const serverPids = [];
let stopPostgres = () => {};
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const pid of serverPids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {} // already gone
  }
  stopPostgres();
  rmSync(work, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

const log = (message) => console.log(`[bench] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function database() {
  if (process.env.DATABASE_URL?.startsWith('postgres')) return { url: process.env.DATABASE_URL, kind: 'postgres' };
  if (!args.has('--postgres')) return { url: join(work, 'bench.db'), kind: 'sqlite' };
  const pg = await startPostgres();
  if (!pg) throw new Error('--postgres: PostgreSQL is not installed (apt-get install postgresql)');
  stopPostgres = pg.stop;
  execFileSync('psql', [pg.url, '-qc', 'CREATE DATABASE bench']);
  return { url: pg.url.replace(/\/postgres$/, '/bench'), kind: 'postgres' };
}

/**
 * A copy of the seeded database for the same-work ceiling's orders: the same data, so that its orders do
 * the same work, where they neither take stock the shop's orders are accounted against nor give the
 * shop's mail sender their e-mails to send.
 */
function copyForCeilingOrders(db) {
  if (db.kind === 'sqlite') {
    const copy = join(work, 'bench-ceiling-orders.db');
    copyFileSync(db.url, copy);
    if (existsSync(`${db.url}-wal`)) copyFileSync(`${db.url}-wal`, `${copy}-wal`);
    return copy;
  }
  const url = new URL(db.url);
  const name = `${url.pathname.slice(1)}_ceiling_orders`;
  const server = new URL(db.url);
  server.pathname = '/postgres';
  execFileSync('psql', [server.href, '-qc', `DROP DATABASE IF EXISTS ${name}`, '-c', `CREATE DATABASE ${name} TEMPLATE ${url.pathname.slice(1)}`]);
  url.pathname = `/${name}`;
  return url.href;
}

/** The statements the shop runs for each read (capture.mjs), in a file for the same-work ceiling. */
function captureStatements(db) {
  const urls = READS.map(([, url]) => url);
  const captured = JSON.parse(execFileSync(process.execPath, ['scripts/bench/capture.mjs', JSON.stringify({ database: db.url, urls })], { stdio: ['ignore', 'pipe', 'inherit'] }).toString());
  for (const url of urls) {
    const { status, statements } = captured[url];
    if (status !== 200 || statements.length === 0) throw new Error(`capturing ${url}: the shop answered ${status} with ${statements.length} statements`);
  }
  const file = join(work, 'statements.json');
  writeFileSync(file, JSON.stringify(captured));
  return { file, counts: Object.fromEntries(urls.map((url) => [url, captured[url].statements.length])) };
}

function startProcess(command, argv, env = {}) {
  const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}

/**
 * `npm start`'s own script with the default settings. The bench sets only where to listen, the database,
 * and the per-account order limits (MAX_UNPAID_ORDERS, ORDER_RATE_LIMIT, UNPAID_HOLD_MAX_*, MAIL_UNCONFIRMED_PER_HOUR): its 200 customers
 * place thousands of orders in a run, far past what one real customer may.
 * Its log goes to a file, as `npm start > shop.log` would (its size is reported).
 */
async function startShop(databaseUrl, env = {}) {
  const port = await freePort();
  const logFile = join(work, `shop-${port}.log`);
  const inherited = { ...process.env };
  // The shop's defaults, not the caller's settings.
  for (const name of ['NODE_ENV', 'LOG_LEVEL', 'PUBLIC_CACHE_MS', 'HOST']) delete inherited[name];
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...inherited, PORT: String(port), DATABASE_URL: databaseUrl, MAX_UNPAID_ORDERS: '1000000', ORDER_RATE_LIMIT: '1000000', UNPAID_HOLD_MAX_VALUE: '1000000000', UNPAID_HOLD_MAX_SHARE: '100', MAIL_UNCONFIRMED_PER_HOUR: '1000000', ...env },
    stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { pid: serverPid(child.pid), base, logFile, stop: () => stopShop(child) };
    } catch {}
    await sleep(200);
  }
  throw new Error('the shop did not start');
}

/** Stops a shop as Ctrl-C stops `npm start` (scripts/start.mjs passes the signal on), once it has exited. */
async function stopShop(child) {
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  await exited;
}

/** scripts/start.mjs runs the server as its child: that process's memory is the server's. */
function serverPid(startPid) {
  const [pid] = readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8').trim().split(/\s+/);
  if (!pid) throw new Error('scripts/start.mjs started no server');
  serverPids.push(Number(pid));
  return Number(pid);
}

/**
 * The machine's own speed, to read the figures by: a bare node:http server answering 11 bytes, measured
 * before and after the runs, and the share of the machine's CPU time its host took meanwhile (steal, on a
 * virtual machine). Requests a second compare across runs only on machines of the same speed.
 */
async function machineGauge() {
  const file = join(work, 'machine.json');
  writeFileSync(file, JSON.stringify({ '/': { contentType: 'text/plain', body: Buffer.from('hello world').toString('base64') } }));
  const bare = await startCeiling(['scripts/bench/ceiling.mjs', file]);
  const measure = () => load({ url: `${bare}/`, seconds: SECONDS / ROUNDS }).rps;
  load({ url: `${bare}/`, seconds: WARMUP });
  const before = { rps: measure(), cpu: cpuTicks() };
  return {
    /** Measures again, and describes the machine over the runs. */
    done() {
      const after = measure();
      const { total, steal } = cpuTicks();
      const stolen = (100 * (steal - before.cpu.steal)) / (total - before.cpu.total);
      return `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}); a bare node:http answering 11 bytes: ${num(before.rps)} req/s before the runs, ${num(after)} after; CPU time taken by the host (steal): ${stolen.toFixed(1)} %`;
    },
  };
}

/** The machine's CPU time so far, in ticks (the first line of /proc/stat): all of it, and the host's share (steal). */
function cpuTicks() {
  const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { total: user + nice + system + idle + iowait + irq + softirq + steal, steal };
}

/** A ceiling's process (its script and arguments); answers its base URL once it listens. */
async function startCeiling(argv) {
  const ceiling = startProcess(process.execPath, argv);
  const [line] = await once(createInterface({ input: ceiling.stdout }), 'line');
  return `http://127.0.0.1:${line.trim()}`;
}

/** The load process's arguments: the run's connections and seconds unless the spec says otherwise. */
function loadArguments(spec) {
  return ['scripts/bench/load.mjs', JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, ...spec })];
}

function load(spec) {
  const out = execFileSync(process.execPath, loadArguments(spec), { stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.toString());
}

/** A read's loads (by name, each against its server), in ROUNDS alternating slices, each load's slices as one run. */
function measureRead(url, servers) {
  const slices = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, base] of Object.entries(servers)) slices[name].push(load({ url: base + url, seconds: SECONDS / ROUNDS }));
  }
  return Object.fromEntries(Object.entries(slices).map(([name, runs]) => [name, asOneRun(runs)]));
}

/** Equally long slices of one load as one run: their mean rate, the worst slice's latencies, every request counted. */
function asOneRun(runs) {
  const total = (field) => runs.reduce((sum, run) => sum + run[field], 0);
  const worst = (field) => Math.max(...runs.map((run) => run[field]));
  return { rps: total('rps') / runs.length, p50: worst('p50'), p99: worst('p99'), ok: total('ok'), bad: total('bad') };
}

function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmHWM:\s+(\d+) kB/)[1]) / 1024;
}

/**
 * The server's peak RSS during each phase of the run (Linux resets a process's peak when "5" is written
 * to its clear_refs), so that the report says which phase sets the peak.
 */
function rssByPhase(pid) {
  const peaks = [];
  let start = 'start and warm-up';
  return {
    peaks,
    /** Closes the phase running so far (its peak is recorded) and starts the next one. */
    next(name) {
      this.end();
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      start = name;
    },
    /** Closes the last phase. */
    end() {
      peaks.push({ name: start, mb: peakRssMb(pid) });
    },
  };
}

async function query(db, text) {
  if (db.kind === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const sqlite = new Database(db.url, { readonly: true });
    const row = sqlite.prepare(text).get();
    sqlite.close();
    return row;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query(text);
  await client.end();
  return Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, Number(value)]));
}

/**
 * Units of parts first … last in stock, ordered by orders still holding or sold, and ordered by the orders
 * after `afterOrder` (whatever became of them since); and the last order's id. One statement, one snapshot.
 */
function unitsOfParts(db, first, last, afterOrder = 0) {
  const ordered = (condition) => `(SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE l.product_id BETWEEN ${first} AND ${last} AND ${condition})`;
  return query(
    db,
    `SELECT SUM(p.stock) AS stock, ${ordered("o.status NOT IN ('cancelled', 'expired')")} AS ordered, ${ordered(`o.id > ${afterOrder}`)} AS ordered_after,
      (SELECT COALESCE(MAX(id), 0) FROM orders) AS last_order
     FROM products p WHERE p.id BETWEEN ${first} AND ${last}`,
  );
}

/** The ACES file the bench imports: an App per part, each on another bench vehicle (scripts/bench/seed.ts gives them VCdb ids 1…). */
const ACES_APPS = 100_000;
function acesFile({ products, vehicles }) {
  const apps = [];
  for (let i = 0; i < ACES_APPS; i += 1) {
    const position = ['', '<Position id="1"/>', '<Position id="2"/>'][i % 3];
    apps.push(`  <App action="A" id="${i + 1}"><BaseVehicle id="${1 + (i % vehicles)}"/><Note>bench ${i}</Note><Qty>1</Qty>${position}<Part>PS-${100000 + (i % products)}</Part></App>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ACES version="4.2">\n  <Header><SubmissionType>PARTIAL</SubmissionType></Header>\n${apps.join('\n')}\n</ACES>\n`;
}

/** A real ACES import (its check, then its write) while another client asks the shop for its health every 50 ms: how long it takes, how long the shop keeps a request waiting. */
async function measureAcesImport(base, adminToken, seeded) {
  const xml = acesFile(seeded);
  let longestMs = 0;
  let importing = true;
  const probe = (async () => {
    while (importing) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
      longestMs = Math.max(longestMs, Math.round(performance.now() - started));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${base}/api/fitment/import?format=aces`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/xml' },
    body: xml,
  });
  const body = await response.json();
  const seconds = (performance.now() - started) / 1000;
  importing = false;
  await probe;
  return { status: response.status, created: body.created ?? 0, seconds, longestMs, bytes: Buffer.byteLength(xml) };
}

async function signIn(base, email, password) {
  const request = () => fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  // The runs took longer than the server's keep-alive: the pooled socket may be closed by now.
  const response = await request().catch(request);
  if (!response.ok) throw new Error(`signing in ${email} answered ${response.status}`);
  return (await response.json()).token;
}

/** How many orders the shop's log has a line for (a 201 to POST /api/orders): a log that loses lines shows. */
async function ordersLoggedIn(logFile) {
  let count = 0;
  for await (const line of createInterface({ input: createReadStream(logFile) })) {
    if (line.includes('"url":"/api/orders"') && line.includes('"statusCode":201')) count += 1;
  }
  return count;
}

/**
 * POST /api/orders under load, each order over parts spread across the first 10,000, in alternating
 * slices with the same-work ceiling's orders (on its copy of the seed); then the shop's database must say
 * that stock + ordered did not change and that the units of the orders placed since match the orders
 * answered (autocannon stops counting at each slice's deadline, so up to one order per connection and
 * slice completes uncounted). Meanwhile the shop may expire older unpaid orders, which moves their units
 * from ordered back to stock: the sum holds, and they are not among the orders placed since.
 */
async function measureOrders(db, base, ceiling, tokens, lines) {
  const spec = (server, seconds) => ({
    url: `${server}/api/orders`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    tokens,
    orders: { firstPart: 1, parts: 10_000, lines, quantity: 50 },
    seconds,
  });
  load(spec(ceiling, WARMUP));
  load(spec(base, WARMUP));
  const before = await unitsOfParts(db, 1, 10_000);
  const slices = { ours: [], sameWork: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    slices.ours.push(load(spec(base, SECONDS / ROUNDS)));
    slices.sameWork.push(load(spec(ceiling, SECONDS / ROUNDS)));
  }
  const after = await unitsOfParts(db, 1, 10_000, before.last_order);
  const ours = asOneRun(slices.ours);
  const sameWork = asOneRun(slices.sameWork);
  const placed = after.ordered_after / (lines * 50);
  // Each slice's orders in flight at its deadline, and the warm-up's last ones, complete uncounted.
  const accounted = after.stock + after.ordered === before.stock + before.ordered && placed >= ours.ok && placed - ours.ok <= CONNECTIONS * (ROUNDS + 1);
  return { ours, sameWork, placed, accounted };
}

const READS = [
  ['catalog, first page', '/api/products?limit=24'],
  ['product by id', '/api/products/5000'],
  ['search', '/api/products?q=brake&limit=24'],
  ['category, filtered', '/api/products?category=brakes&inStock=true&sort=price&limit=24'],
  // Vehicle 6 (a model's 2011): of 1,000,000 applications over 1,000 models, a few hundred fit it.
  ['fitment list', '/api/products?vehicle=6&limit=24'],
  ['part number lookup', '/api/products/sku/ps-150000'],
  ['OE number lookup', '/api/parts/lookup?number=oe%20250000'],
  ['reviews', '/api/review'],
  // Choosing parts (issue 65): a search with a typo (one of the twelve part kinds, misspelled) and the suggestions as one types it.
  ['typo search', '/api/products?q=alternater&limit=24'],
  ['suggestions', '/api/search/suggest?q=alternater'],
];

function adminReads() {
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return [
    ['orders, first page', '/api/orders?limit=50'],
    ['order search: e-mail', '/api/orders?q=bench42%40example&limit=50'],
    ['order search: part no.', '/api/orders?q=ps-104200&limit=50'],
    ['stats, 30 days', `/api/admin/stats?from=${day(29)}&to=${day(0)}`],
    ['stats, 12 months', `/api/admin/stats?from=${day(364)}&to=${day(0)}`],
  ];
}

async function recordResponses(base) {
  const responses = {};
  for (const [, url] of READS) {
    const response = await fetch(base + url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    responses[url] = { contentType: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()).toString('base64') };
  }
  const file = join(work, 'responses.json');
  writeFileSync(file, JSON.stringify(responses));
  return file;
}

async function main() {
  const db = await database();
  log('building (as npm start would)…');
  execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  log(`seeding a fresh ${db.kind} database…`);
  const seedEnv = { ...process.env, ...(SHORT ? SHORT_SEED : {}) };
  const seeded = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/seed.ts', db.url], { env: seedEnv }).toString());
  const ordersCopy = copyForCeilingOrders(db);
  log('capturing the statements the shop runs for each read…');
  const statements = captureStatements(db);
  log('starting the shop as npm start does, and once more with PUBLIC_CACHE_MS=0…');
  const shop = await startShop(db.url);
  const uncached = await startShop(db.url, { PUBLIC_CACHE_MS: '0' });
  const bytes = await startCeiling(['scripts/bench/ceiling.mjs', await recordResponses(shop.base)]);
  const sameWork = await startCeiling(['scripts/bench/same-work.mjs', JSON.stringify({ database: db.url, ordersDatabase: ordersCopy, captured: statements.file })]);
  load({ url: bytes + READS[0][1], seconds: WARMUP });
  const gauge = await machineGauge();

  const rssPhases = rssByPhase(shop.pid);
  const reads = [];
  for (const [name, url] of READS) {
    rssPhases.next(name);
    log(`${name}: ${SECONDS}s each, ours (cached, uncached) and both ceilings${ROUNDS > 1 ? `, in ${ROUNDS} alternating slices` : ''}…`);
    for (const base of [shop.base, uncached.base, sameWork]) load({ url: base + url, seconds: WARMUP });
    reads.push({ name, statements: statements.counts[url], ...measureRead(url, { cached: shop.base, bytes, uncached: uncached.base, sameWork }) });
  }
  // One shop from here on, as a SQLite shop runs: the second one's e-mail sender and order indexer would
  // otherwise take the database's write lock and the cores from the shop under measure.
  await uncached.stop();

  log(`POST /api/orders, one line, spread over 10,000 parts and ${seeded.customerTokens.length} customers: ${SECONDS}s each, ours and the same-work ceiling…`);
  rssPhases.next('orders, 1 line');
  const oneLine = await measureOrders(db, shop.base, sameWork, seeded.customerTokens, 1);
  log(`POST /api/orders, 20 lines: ${SECONDS}s each…`);
  rssPhases.next('orders, 20 lines');
  const twentyLines = await measureOrders(db, shop.base, sameWork, seeded.customerTokens, 20);

  const admin = await signIn(shop.base, seeded.adminEmail, seeded.password);
  const adminRuns = [];
  for (const [name, url] of adminReads()) {
    log(`admin ${name}: ${SECONDS}s at ${ADMIN_CONNECTIONS} connections…`);
    rssPhases.next(`admin ${name}`);
    const spec = { url: shop.base + url, connections: ADMIN_CONNECTIONS, headers: { authorization: `Bearer ${admin}` } };
    load({ ...spec, seconds: WARMUP });
    adminRuns.push({ name, run: load(spec) });
  }
  log(`ACES import of ${num(ACES_APPS)} Apps, the shop answering meanwhile…`);
  rssPhases.next(`ACES import, ${num(ACES_APPS)} Apps`);
  const aces = await measureAcesImport(shop.base, admin, seeded);
  rssPhases.end();
  // The budget is the shop serving its catalog and orders; the trade-file import's memory is reported on its own line.
  const acesPhase = `ACES import, ${num(ACES_APPS)} Apps`;
  const rss = Math.max(...rssPhases.peaks.filter((phase) => phase.name !== acesPhase).map((phase) => phase.mb));
  const acesRss = rssPhases.peaks.find((phase) => phase.name === acesPhase)?.mb ?? 0;
  log(`the shop's log: ${(statSync(shop.logFile).size / 1024 / 1024).toFixed(0)} MB`);
  // Stopped first: its e-mail sender may still be working off the order runs' e-mails.
  await shop.stop();
  const machine = gauge.done();
  const loggedOrders = await ordersLoggedIn(shop.logFile);

  const misses = report({ db, seeded, machine, reads, oneLine, twentyLines, loggedOrders, adminRuns, aces, acesRss, rss, rssPeaks: rssPhases.peaks });
  if (misses.length === 0) console.log(`\nall ${SHORT ? 'short-run floors' : 'budgets'} met`);
  else console.log(`\n${SHORT ? 'short-run floors' : 'budgets'} missed:\n  ${misses.join('\n  ')}`);
  recordMisses(misses);
  process.exitCode = misses.length > 0 ? 1 : 0;
}

const num = (n, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const cell = (value, width) => String(value).padStart(width);
const ratio = (ours, ceiling) => (ceiling.rps > 0 ? ours.rps / ceiling.rps : 0);

/** Prints every figure beside its budget and its ceiling; answers the misses. */
function report({ db, seeded, machine, reads, oneLine, twentyLines, loggedOrders, adminRuns, aces, acesRss, rss, rssPeaks }) {
  const misses = [];
  const check = (ok, miss) => {
    if (!ok) misses.push(miss);
    return ok ? '✔' : '✘';
  };
  console.log(`\nPartsmith benchmark (${SHORT ? 'short run: floors' : 'full run: budgets'}) — ${db.kind}, started as npm start, ${CONNECTIONS} connections, ${SECONDS} s a run${ROUNDS > 1 ? ` in ${ROUNDS} slices alternating with its ceiling` : ''}`);
  console.log(`${num(seeded.products)} parts, ${num(seeded.vehicles)} vehicles, ${num(seeded.applications)} fitment rows, ${num(seeded.orders)} orders, ${num(seeded.reviews)} reviews`);
  console.log(`machine: ${machine}\n`);
  console.log(`reads, cached (as started): ours/bytes ceiling ≥ ${BUDGET.cachedRatio}, p99 < ${BUDGET.cachedP99} ms`);
  console.log(`reads, uncached (PUBLIC_CACHE_MS=0): ours/same-work ceiling ≥ ${BUDGET.uncachedRatio}, p99 < ${BUDGET.uncachedP99} ms`);
  console.log('endpoint               cached req/s  p99 | bytes req/s  p99 | ratio | uncached req/s  p99 | same-work req/s  p99 stmts | ratio');
  for (const r of reads) {
    const cachedRatio = ratio(r.cached, r.bytes);
    const uncachedRatio = ratio(r.uncached, r.sameWork);
    const bad = r.cached.bad + r.uncached.bad + r.bytes.bad + r.sameWork.bad;
    const marks = [
      check(cachedRatio >= BUDGET.cachedRatio && r.cached.p99 < BUDGET.cachedP99, `${r.name}, cached: ${cachedRatio.toFixed(2)} of the bytes ceiling, p99 ${r.cached.p99} ms`),
      check(uncachedRatio >= BUDGET.uncachedRatio && r.uncached.p99 < BUDGET.uncachedP99, `${r.name}, uncached: ${uncachedRatio.toFixed(2)} of the same-work ceiling, p99 ${r.uncached.p99} ms`),
      check(bad === 0, `${r.name}: ${bad} failed requests`),
    ];
    console.log(
      `${r.name.padEnd(22)} ${cell(num(r.cached.rps), 12)} ${cell(r.cached.p99, 4)} | ${cell(num(r.bytes.rps), 11)} ${cell(r.bytes.p99, 4)} | ${cell(cachedRatio.toFixed(2), 5)} | ${cell(num(r.uncached.rps), 14)} ${cell(r.uncached.p99, 4)} | ${cell(num(r.sameWork.rps), 15)} ${cell(r.sameWork.p99, 4)} ${cell(r.statements, 5)} | ${cell(uncachedRatio.toFixed(2), 5)} ${marks.join('')}`,
    );
  }

  console.log(`\norders (${num(seeded.customerTokens.length)} customers, spread over 10,000 parts): ours/same-work ceiling ≥ ${BUDGET.orderRatio}; every unit accounted for`);
  console.log('                          ours req/s  p50  p99 | same-work req/s  p99 | ratio');
  for (const [name, { ours, sameWork, placed, accounted }] of [
    ['POST /api/orders, 1 line', oneLine],
    ['… 20 lines', twentyLines],
  ]) {
    const orderRatio = ratio(ours, sameWork);
    const marks = [
      check(orderRatio >= BUDGET.orderRatio, `${name}: ${orderRatio.toFixed(2)} of the same-work ceiling (${num(ours.rps)}/s against ${num(sameWork.rps)}/s)`),
      check(accounted && ours.bad + sameWork.bad === 0, `${name}: ${ours.bad} failed (ceiling ${sameWork.bad}), units ${accounted ? '' : 'NOT '}accounted for`),
    ];
    console.log(
      `${name.padEnd(24)} ${cell(num(ours.rps), 12)} ${cell(ours.p50, 4)} ${cell(ours.p99, 4)} | ${cell(num(sameWork.rps), 15)} ${cell(sameWork.p99, 4)} | ${cell(orderRatio.toFixed(2), 5)} ${marks.join('')}  ${num(placed)} placed, ${ours.bad} failed, units ${accounted ? '' : 'NOT '}accounted for`,
    );
  }
  const answered = oneLine.ours.ok + twentyLines.ours.ok;
  const logMark = check(loggedOrders >= answered, `the shop's log: a line for ${num(loggedOrders)} of the ${num(answered)} orders answered`);
  console.log(`the shop's log has a line for ${num(loggedOrders)} orders; ${num(answered)} were answered ${logMark}`);

  console.log(`\nadmin (${ADMIN_CONNECTIONS} connections, ${num(seeded.orders)} orders): p99 < ${BUDGET.adminP99} ms`);
  for (const { name, run } of adminRuns) {
    const mark = check(run.p99 < BUDGET.adminP99 && run.bad === 0, `admin ${name}: p99 ${run.p99} ms, ${run.bad} failed`);
    console.log(`${name.padEnd(26)} ${cell(num(run.rps), 8)}/s  p50 ${run.p50} ms  p99 ${run.p99} ms ${mark}`);
  }
  const acesMark = check(aces.status === 200 && aces.created === ACES_APPS && aces.longestMs < BUDGET.acesLongestAnswerMs, `ACES import: status ${aces.status}, ${num(aces.created)} created, longest answer meanwhile ${aces.longestMs} ms`);
  console.log(`\nACES import of ${num(ACES_APPS)} Apps (${(aces.bytes / 1024 / 1024).toFixed(1)} MB): ${aces.seconds.toFixed(1)} s, ${num(aces.created)} created; longest GET /api/health meanwhile ${aces.longestMs} ms (< ${BUDGET.acesLongestAnswerMs}) ${acesMark}; the server's peak RSS meanwhile ${acesRss.toFixed(0)} MB (reported, not judged)`);
  console.log(`\npeak RSS of the server: ${rss.toFixed(1)} MB (< ${BUDGET.rssMb} MB) ${check(rss < BUDGET.rssMb, `peak RSS ${rss.toFixed(1)} MB`)}`);
  console.log(`  by phase: ${rssPeaks.map((phase) => `${phase.name} ${phase.mb.toFixed(0)}`).join(', ')}`);
  return misses;
}

main()
  .catch((error) => {
    console.error(error);
    recordMisses([`the benchmark stopped: ${String(error?.message ?? error).split('\n')[0]}`]);
    process.exitCode = 1;
  })
  .finally(() => setTimeout(() => process.exit(), 100));

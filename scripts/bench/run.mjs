// npm run bench: our production server vs. a bare node:http ceiling at 50 connections, on a fresh
// database with 100,000 products, 50,000 orders and 5,000 reviews. Prints requests/s, p50/p99 latency,
// ours/ceiling, peak RSS; exits non-zero when a budget is missed (full mode).
//   --short      a few seconds per endpoint (CI keeps it working; budgets are reported, not enforced)
//   --postgres   on a throwaway PostgreSQL instead of SQLite (or set DATABASE_URL=postgres://…)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { freePort } from '../lib/free-port.mjs';
import { SERVER_NODE_FLAGS } from '../lib/node-flags.mjs';
import { startPostgres } from '../lib/postgres.mjs';
import { requireSupportedNode } from '../lib/require-node.mjs';

requireSupportedNode();

const args = new Set(process.argv.slice(2));
const SHORT = args.has('--short');
const DURATION = SHORT ? 3 : 10;
// JIT warm-up before each measured run, for both servers alike.
const WARMUP = SHORT ? 1 : 3;
const CONNECTIONS = 50;
const BUDGET = { readRatio: 0.5, readP99Ms: 25, ordersPerSecond: 1500, peakRssMb: 200 };
const work = mkdtempSync(join(tmpdir(), 'partsmith-bench-'));
const children = [];
let stopPostgres = () => {};
const cleanup = () => {
  for (const child of children) child.kill('SIGKILL');
  stopPostgres();
  rmSync(work, { recursive: true, force: true });
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

function log(message) {
  console.log(`[bench] ${message}`);
}

async function database() {
  if (process.env.DATABASE_URL?.startsWith('postgres')) return { url: process.env.DATABASE_URL, kind: 'postgres' };
  if (!args.has('--postgres')) return { url: join(work, 'bench.db'), kind: 'sqlite' };
  const pg = await startPostgres();
  if (!pg) throw new Error('--postgres: PostgreSQL is not installed (apt-get install postgresql)');
  stopPostgres = pg.stop;
  execFileSync('psql', [pg.url, '-qc', 'CREATE DATABASE bench']);
  return { url: pg.url.replace(/\/postgres$/, '/bench'), kind: 'postgres' };
}

async function startProcess(command, argv, env = {}) {
  const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}

async function startServer(databaseUrl) {
  const port = await freePort();
  const server = await startProcess(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    NODE_ENV: 'production',
    PAYMENTS: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SEED_DEMO: '0',
    LOGIN_RATE_LIMIT: '100000',
    MAX_UNPAID_ORDERS: '100000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  });
  server.stdout.resume();
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { server, base };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

async function startCeiling(responses) {
  const file = join(work, 'responses.json');
  writeFileSync(file, JSON.stringify(responses));
  const ceiling = await startProcess(process.execPath, ['scripts/bench/ceiling.mjs', file]);
  const [line] = await once(createInterface({ input: ceiling.stdout }), 'line');
  return `http://127.0.0.1:${line.trim()}`;
}

function autocannon(url, extra = [], seconds = DURATION) {
  const out = execFileSync(
    process.execPath,
    ['node_modules/autocannon/autocannon.js', '-c', String(CONNECTIONS), '-d', String(seconds), '-j', ...extra, url],
    { maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const r = JSON.parse(out.toString());
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ok: r['2xx'], bad: r.non2xx + r.errors + r.timeouts };
}

async function retryOnce(request) {
  try {
    return await request();
  } catch {
    return request();
  }
}

function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmHWM:\s+(\d+) kB/)[1]) / 1024;
}

/** Units of these products in stock, and ordered by orders still holding or sold (summed over the products). */
async function unitsOfProducts(db, productIds) {
  const ids = productIds.map(Number).join(',');
  const query = `SELECT SUM(p.stock) AS stock, COALESCE((SELECT SUM(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE l.product_id IN (${ids}) AND o.status NOT IN ('cancelled','expired')), 0) AS ordered FROM products p WHERE p.id IN (${ids})`;
  if (db.kind === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const sqlite = new Database(db.url, { readonly: true });
    const row = sqlite.prepare(query).get();
    sqlite.close();
    return row;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query(query);
  await client.end();
  return { stock: Number(rows[0].stock), ordered: Number(rows[0].ordered) };
}

/**
 * POST /api/orders under load with this body; counts the units the database says were ordered against the
 * orders answered (autocannon stops counting at the deadline, so up to one request per connection
 * completes uncounted).
 */
async function measureOrders(db, base, token, productIds, unitsPerOrder, body) {
  const before = await unitsOfProducts(db, productIds);
  const run = autocannon(`${base}/api/orders`, [
    '-m', 'POST',
    '-H', 'content-type=application/json',
    '-H', `authorization=Bearer ${token}`,
    '-b', JSON.stringify({ ...body, phone: '5550100', address: '1 Bench Street' }),
  ]);
  const after = await unitsOfProducts(db, productIds);
  const placed = (after.ordered - before.ordered) / unitsPerOrder;
  const accounted = after.stock + after.ordered === before.stock + before.ordered && placed >= run.ok && placed - run.ok <= CONNECTIONS;
  return { run, placed, accounted };
}

async function main() {
  log('building the production server…');
  execFileSync('npm', ['run', 'build:server'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const db = await database();
  log(`seeding a fresh ${db.kind} database…`);
  // The short mode (CI) seeds a tenth of the applications: the same queries, a quicker start.
  const seedEnv = { ...process.env, ...(SHORT && !process.env.BENCH_APPLICATIONS ? { BENCH_APPLICATIONS: '100000' } : {}) };
  const seeded = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/seed.ts', db.url], { env: seedEnv }).toString());
  const { server, base } = await startServer(db.url);

  const reads = [
    ['products, first page', '/api/products?limit=24'],
    ['product by id', '/api/products/5000'],
    ['product search', '/api/products?q=brake&limit=24'],
    ['filtered search (category, in stock, by price)', '/api/products?q=brake&category=brakes&inStock=true&sort=price&limit=24'],
    ['category page', '/api/products?category=lighting&limit=24'],
    ['part number lookup', '/api/products/sku/ps-150000'],
    // Vehicle 2011 of the first model: about 1,000,000 / 1,000 models of applications, a few hundred fit.
    ['fitment list (parts for a vehicle)', '/api/products?vehicle=6&limit=24'],
    ['OE number lookup', '/api/parts/lookup?number=oe%20250000'],
    ['categories', '/api/categories'],
    ['reviews', '/api/review'],
  ];
  const responses = {};
  for (const [, url] of reads) {
    const response = await fetch(base + url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    // The same bytes on the wire: every header ours sent, but those node:http writes itself.
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)));
    responses[url] = { headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') };
  }
  const ceiling = await startCeiling(responses);

  const rows = [];
  for (const [name, url] of reads) {
    log(`${name}: ${DURATION}s each against ours and the ceiling (after a warm-up)…`);
    autocannon(base + url, [], WARMUP);
    autocannon(ceiling + url, [], WARMUP);
    const ours = autocannon(base + url);
    const top = autocannon(ceiling + url);
    rows.push({ name, ours, top, ratio: ours.rps / top.rps });
  }

  // The measured runs took longer than the server's keep-alive: a pooled socket may be closed by now.
  const login = await retryOnce(() => fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: seeded.customerEmail, password: seeded.password }),
  }));
  const { token } = await login.json();
  log(`POST /api/orders as a signed-in customer: ${DURATION}s…`);
  const single = await measureOrders(db, base, token, [seeded.orderProductId], 1, { productId: seeded.orderProductId, quantity: 1 });
  // 20 lines of 50 units (every seeded part's minimum is at most 50; every fourth reaches a price break).
  const lineIds = Array.from({ length: 20 }, (_, i) => i + 1);
  log(`POST /api/orders of 20 lines: ${DURATION}s…`);
  const bulk = await measureOrders(db, base, token, lineIds, 20 * 50, { lines: lineIds.map((productId) => ({ productId, quantity: 50 })) });
  const rss = peakRssMb(server.pid);

  const fmt = (n, d = 0) => n.toFixed(d).padStart(8);
  console.log(`\nPartsmith benchmark — ${db.kind}, ${CONNECTIONS} connections, ${DURATION}s per run, ${seeded.products} products / ${seeded.orders} orders / ${seeded.reviews} reviews / ${seeded.vehicles} vehicles / ${seeded.applications} applications`);
  console.log('endpoint               ours req/s  p50 ms  p99 ms | ceiling req/s  p50 ms  p99 ms | ours/ceiling');
  for (const r of rows) {
    console.log(`${r.name.padEnd(22)} ${fmt(r.ours.rps)} ${fmt(r.ours.p50, 1)} ${fmt(r.ours.p99, 1)} | ${fmt(r.top.rps, 0).padStart(13)} ${fmt(r.top.p50, 1)} ${fmt(r.top.p99, 1)} | ${fmt(r.ratio, 2)}`);
  }
  for (const [name, { run, placed, accounted }] of [['POST /api/orders', single], ['  … of 20 lines', bulk]]) {
    console.log(`${name.padEnd(22)} ${fmt(run.rps)} ${fmt(run.p50, 1)} ${fmt(run.p99, 1)} | (server only: ${placed} orders placed, ${run.bad} failed; units ${accounted ? '' : 'NOT '}accounted for)`);
  }
  console.log(`peak RSS of the server: ${rss.toFixed(1)} MB`);

  const misses = [];
  for (const r of rows) {
    if (r.ours.bad > 0) misses.push(`${r.name}: ${r.ours.bad} failed requests`);
    if (r.ratio < BUDGET.readRatio) misses.push(`${r.name}: ${r.ratio.toFixed(2)} of the ceiling < ${BUDGET.readRatio}`);
    if (r.ours.p99 >= BUDGET.readP99Ms) misses.push(`${r.name}: p99 ${r.ours.p99} ms ≥ ${BUDGET.readP99Ms} ms`);
  }
  for (const [name, { run, accounted }] of [['orders', single], ['20-line orders', bulk]]) {
    if (!accounted) misses.push(`${name}: units not accounted for (stock + ordered changed, or orders placed ≠ orders answered)`);
    if (run.bad > 0) misses.push(`${name}: ${run.bad} failed requests`);
  }
  if (db.kind === 'sqlite' && single.run.rps < BUDGET.ordersPerSecond) misses.push(`orders: ${single.run.rps.toFixed(0)}/s < ${BUDGET.ordersPerSecond}/s`);
  if (rss >= BUDGET.peakRssMb) misses.push(`peak RSS ${rss.toFixed(1)} MB ≥ ${BUDGET.peakRssMb} MB`);

  if (misses.length === 0) console.log('all budgets met');
  else console.log(`budgets missed:\n  ${misses.join('\n  ')}`);
  // Correctness failures fail every run; speed budgets only the full one.
  const broken = misses.some((m) => m.includes('failed requests') || m.includes('accounted'));
  process.exitCode = broken || (!SHORT && misses.length > 0) ? 1 : 0;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => setTimeout(() => process.exit(), 100));

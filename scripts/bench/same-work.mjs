// The same-work ceiling: a bare node:http server, no framework, no validation, no logging, that does each
// benchmarked request's database work and serialisation itself, on the shop's database.
//   reads:  per request, the statements the shop ran for that URL (capture.mjs: SQL text and values as the
//           shop's driver received them), on the raw driver (better-sqlite3 prepared statements on a
//           read-only connection; a pg pool of the shop's size), one after the other; the rows (JSON text
//           columns parsed) go out through JSON.stringify.
//   orders: POST /api/orders as the shop places an order, written plainly: the session's account, then in
//           one transaction the parts, the stock taken where it suffices, the unpaid-order count, the order,
//           its lines, its history event and its outbox mail; the order goes out through JSON.stringify.
//           On `ordersDatabase`, a copy of the same seed, so its orders neither move the shop's stock
//           accounting nor feed the shop's mail sender.
// Usage: node same-work.mjs '<json: { database, ordersDatabase, captured }>'  (prints its port on stdout)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const { database, ordersDatabase, captured } = JSON.parse(process.argv[2]);
const statementsOf = JSON.parse(readFileSync(captured, 'utf8'));
const require = createRequire(import.meta.url);
const postgres = /^postgres(ql)?:\/\//.test(database);
// The shop's pool size (POOLED_CONNECTIONS in src/server/db/connection.ts).
const POOL = 10;
const UNPAID = 'not paid';

/** A JSON text column as the shop answers it: parsed. */
function parsedRow(row) {
  for (const key in row) {
    const value = row[key];
    if (typeof value === 'string' && (value[0] === '[' || value[0] === '{')) {
      try {
        row[key] = JSON.parse(value);
      } catch {} // text that only looks like JSON
    }
  }
  return row;
}

const db = postgres ? await postgresDatabase() : sqliteDatabase();

function sqliteDatabase() {
  const Database = require('better-sqlite3');
  const open = (file, options) => {
    const connection = new Database(file, options);
    connection.pragma('busy_timeout = 5000');
    // SQL the shop runs may call its one custom function (lower case beyond ASCII).
    connection.function('casefold', { deterministic: true }, (text) => (typeof text === 'string' ? text.toLowerCase() : text));
    return connection;
  };
  const reader = open(database, { readonly: true, fileMustExist: true });
  const writer = open(ordersDatabase, { fileMustExist: true });
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = NORMAL');
  writer.pragma('foreign_keys = ON');
  const reads = new Map(
    Object.entries(statementsOf).map(([url, { statements }]) => [url, statements.map(({ sql, params }) => ({ statement: reader.prepare(sql), params }))]),
  );
  // $n placeholders as SQLite's ?, each value at its place (a $n may come twice).
  const cached = new Map();
  const prepared = (sql) => {
    if (!cached.has(sql)) cached.set(sql, { statement: writer.prepare(sql.replace(/\$\d+/g, '?')), order: [...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]) - 1) });
    return cached.get(sql);
  };
  const run = (sql, params) => {
    const { statement, order } = prepared(sql);
    const values = order.map((i) => params[i]);
    return statement.reader ? statement.all(values) : (statement.run(values), []);
  };
  const placeInTransaction = writer.transaction((order) => {
    const steps = placeOrder(order, false);
    let step = steps.next();
    while (!step.done) step = steps.next(run(...step.value));
    return step.value;
  });
  return {
    async read(url) {
      return reads.get(url)?.map(({ statement, params }) => (statement.reader ? statement.all(params).map(parsedRow) : statement.run(params)));
    },
    async session(tokenHash, at) {
      return run(SESSION, [tokenHash, at])[0];
    },
    async place(order) {
      return placeInTransaction.immediate(order);
    },
  };
}

async function postgresDatabase() {
  const { Pool } = require('pg');
  const reads = new Pool({ connectionString: database, max: POOL });
  const writes = new Pool({ connectionString: ordersDatabase, max: POOL });
  return {
    async read(url) {
      const statements = statementsOf[url]?.statements;
      if (!statements) return undefined;
      const results = [];
      for (const { sql, params } of statements) results.push((await reads.query(sql, params)).rows.map(parsedRow));
      return results;
    },
    async session(tokenHash, at) {
      return (await writes.query(SESSION, [tokenHash, at])).rows[0];
    },
    async place(order) {
      const client = await writes.connect();
      try {
        await client.query('begin');
        const steps = placeOrder(order, true);
        let step = steps.next();
        while (!step.done) step = steps.next((await client.query(...step.value)).rows);
        const placed = step.value;
        await client.query('commit');
        return placed;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

const SESSION = `SELECT u.id, u.name, u.email, u.role FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.deleted_at IS NULL`;
const ORDER_COLUMNS = ['user_id', 'customer_name', 'email', 'phone', 'address', 'po_number', 'status', 'created_at', 'updated_at', 'product_id', 'product_name', 'product_sku', 'unit_price_cents', 'quantity', 'total_cents', 'line_count'];
const LINE_COLUMNS = ['order_id', 'product_id', 'product_name', 'product_sku', 'quantity', 'unit_price_cents', 'list_price_cents'];
const placeholders = (rows, columns, from = 1) =>
  Array.from({ length: rows }, (_, row) => `(${columns.map((_, column) => `$${from + row * columns.length + column}`).join(', ')})`).join(', ');

class Refused extends Error {}

/** The unit price at a quantity: the best price break it reaches, else the list price. */
function unitPrice(product, quantity) {
  const breaks = typeof product.price_breaks === 'string' ? JSON.parse(product.price_breaks) : product.price_breaks;
  return breaks.filter((b) => quantity >= b.minQuantity).reduce((best, b) => Math.min(best, b.priceCents), product.price_cents);
}

/**
 * One order's statements, for the caller to run inside its transaction: each `yield [sql, values]` is
 * answered with the statement's rows (SQLite runs them synchronously, PostgreSQL awaits them). PostgreSQL
 * locks the parts in id order first, so that two orders over the same parts cannot deadlock.
 */
function* placeOrder({ viewer, lines, phone, address }, postgresLocks) {
  const at = new Date().toISOString();
  const ids = lines.map((line) => line.productId);
  const inList = ids.map((_, i) => `$${i + 1}`).join(', ');
  const products = yield [
    `SELECT id, name, sku, price_cents, price_breaks, min_quantity FROM products WHERE hidden_at IS NULL AND archived_at IS NULL AND id IN (${inList})`,
    ids,
  ];
  if (products.length !== new Set(ids).size) throw new Refused('not_found');
  const byId = new Map(products.map((product) => [product.id, product]));
  if (postgresLocks) yield [`SELECT id FROM products WHERE id IN (${inList}) ORDER BY id FOR UPDATE`, ids];
  const taken = postgresLocks
    ? yield [
        `UPDATE products SET stock = products.stock - wanted.quantity, updated_at = $1
         FROM unnest($2::integer[], $3::integer[]) AS wanted(id, quantity)
         WHERE products.id = wanted.id AND products.stock >= wanted.quantity AND products.hidden_at IS NULL AND products.archived_at IS NULL
         RETURNING products.id`,
        [at, ids, lines.map((line) => line.quantity)],
      ]
    : yield [
        `UPDATE products SET stock = stock - wanted.quantity, updated_at = $1
         FROM (SELECT value ->> 0 AS id, value ->> 1 AS quantity FROM json_each($2)) AS wanted
         WHERE products.id = wanted.id AND products.stock >= wanted.quantity AND products.hidden_at IS NULL AND products.archived_at IS NULL
         RETURNING products.id`,
        [at, JSON.stringify(lines.map((line) => [line.productId, line.quantity]))],
      ];
  if (taken.length !== lines.length) throw new Refused('out_of_stock');
  const [{ count }] = yield [`SELECT count(*) AS count FROM orders WHERE user_id = $1 AND status = $2`, [viewer.id, UNPAID]];
  if (Number(count) >= 1_000_000) throw new Refused('too_many_unpaid_orders');

  const priced = lines.map((line) => {
    const product = byId.get(line.productId);
    return { product_id: product.id, product_name: product.name, product_sku: product.sku, quantity: line.quantity, unit_price_cents: unitPrice(product, line.quantity), list_price_cents: product.price_cents };
  });
  const first = priced[0];
  const order = {
    user_id: viewer.id, customer_name: viewer.name, email: viewer.email, phone, address, po_number: '', status: UNPAID, created_at: at, updated_at: at,
    product_id: first.product_id, product_name: first.product_name, product_sku: first.product_sku, unit_price_cents: first.unit_price_cents,
    quantity: priced.reduce((units, line) => units + line.quantity, 0),
    total_cents: priced.reduce((total, line) => total + line.quantity * line.unit_price_cents, 0),
    line_count: priced.length,
  };
  const [{ id }] = yield [
    `INSERT INTO orders (${ORDER_COLUMNS.join(', ')}) VALUES ${placeholders(1, ORDER_COLUMNS)} RETURNING id`,
    ORDER_COLUMNS.map((column) => order[column]),
  ];
  const orderLines = priced.map((line) => ({ order_id: id, ...line }));
  yield [`INSERT INTO order_lines (${LINE_COLUMNS.join(', ')}) VALUES ${placeholders(orderLines.length, LINE_COLUMNS)}`, orderLines.flatMap((line) => LINE_COLUMNS.map((column) => line[column]))];
  yield [
    `INSERT INTO order_events (order_id, from_status, to_status, actor, actor_user_id, actor_name, actor_email, created_at, updated_at) VALUES ($1, NULL, $2, 'customer', $3, $4, $5, $6, $6)`,
    [id, UNPAID, viewer.id, viewer.name, viewer.email, at],
  ];
  const answer = { ...order, id, lines: orderLines };
  yield [`INSERT INTO outbox (kind, recipient, data, status, next_attempt_at, created_at, updated_at) VALUES ('order-placed', $1, $2, 'pending', $3, $3, $3)`, [
    viewer.email,
    JSON.stringify({ orderId: String(id), customerName: viewer.name, quantity: order.quantity, total: order.total_cents / 100, address, lines: orderLines }),
    at,
  ]];
  return answer;
}

function send(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

async function answerOrder(request, response) {
  let text = '';
  for await (const chunk of request) text += chunk;
  const { lines, phone, shippingAddress: to } = JSON.parse(text);
  // The order's one-line destination, as the shop writes it (src/shared/address.ts).
  const address = [to.company, to.line1, to.line2, to.city, [to.region, to.postalCode].filter(Boolean).join(' '), to.country].filter(Boolean).join(', ');
  const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const viewer = await db.session(createHash('sha256').update(token).digest('hex'), new Date().toISOString());
  if (!viewer) return send(response, 401, '{"error":{"code":"unauthorized"}}');
  try {
    send(response, 201, JSON.stringify(await db.place({ viewer, lines, phone, address })));
  } catch (error) {
    if (error instanceof Refused) return send(response, 409, JSON.stringify({ error: { code: error.message } }));
    throw error;
  }
}

const server = createServer((request, response) => {
  const answer =
    request.method === 'POST' && request.url === '/api/orders'
      ? answerOrder(request, response)
      : db.read(request.url).then((results) => (results ? send(response, 200, JSON.stringify(results.length === 1 ? results[0] : results)) : send(response, 404, '{"error":{"code":"not_found"}}')));
  answer.catch((error) => {
    console.error(error);
    if (!response.headersSent) send(response, 500, '{"error":{"code":"internal"}}');
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

// The statements the shop runs for each benchmarked request, as its database driver receives them: the
// shop's own built app (dist/, PUBLIC_CACHE_MS=0, no background jobs) answers each request once through
// Fastify's inject while the driver's query methods note every statement with its values. The same-work
// ceiling (same-work.mjs) runs exactly these per request, so it does the shop's database work without
// anyone writing its SQL a second time.
// Usage: node capture.mjs '<json: { database, urls }>'  (prints { [url]: { status, bytes, statements } } as JSON)
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const { database, urls } = JSON.parse(process.argv[2]);
const require = createRequire(import.meta.url);
let noted = null;
const note = (sql, params) => noted?.push({ sql, params: params.map(jsonSafe) });
const jsonSafe = (value) => (typeof value === 'bigint' ? Number(value) : value instanceof Date ? value.toISOString() : value);

if (/^postgres(ql)?:\/\//.test(database)) {
  const pg = require('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (text, values, callback) {
    if (typeof text === 'string') note(text, Array.isArray(values) ? values : []);
    else if (typeof text?.text === 'string') note(text.text, text.values ?? (Array.isArray(values) ? values : []));
    return query.call(this, text, values, callback);
  };
} else {
  const Database = require('better-sqlite3');
  const probe = new Database(':memory:');
  const Statement = Object.getPrototypeOf(probe.prepare('SELECT 1'));
  probe.close();
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = Statement[method];
    Statement[method] = function (...params) {
      note(this.source, params.length === 1 && Array.isArray(params[0]) ? params[0] : params);
      return original.apply(this, params);
    };
  }
}

const dist = (path) => import(pathToFileURL(resolve('dist/server', path)).href);
const { loadConfig, parseDatabaseUrl } = await dist('config.js');
const { connect } = await dist('db/connection.js');
const { buildApp } = await dist('app.js');

const env = { ...process.env };
for (const name of ['NODE_ENV', 'LOG_LEVEL', 'HOST']) delete env[name];
const config = loadConfig({ ...env, DATABASE_URL: database, PUBLIC_CACHE_MS: '0' });
const db = connect(parseDatabaseUrl(database));
const app = await buildApp({ db, config });
await app.ready();
const captured = {};
for (const url of urls) {
  noted = [];
  const response = await app.inject({ method: 'GET', url });
  captured[url] = { status: response.statusCode, bytes: response.rawPayload.length, statements: noted };
  noted = null;
}
await app.close();
await db.kysely.destroy();
process.stdout.write(JSON.stringify(captured) + '\n');

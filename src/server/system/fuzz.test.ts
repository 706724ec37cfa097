/**
 * Property-based fuzzing of EVERY endpoint (fast-check), on SQLite and on PostgreSQL.
 *
 * The endpoints come from the app's own OpenAPI document (`app.swagger().paths`), so a new endpoint is
 * fuzzed without touching this file; the input each one takes (body, path params, query) comes from the
 * JSON Schema in that document, which is `z.toJSONSchema` of the route's zod schema, and the zod schemas
 * themselves are collected from the route definitions (an `onRoute` hook on every Fastify instance the
 * app builds, via `vi.mock('fastify')`) to know which inputs the route must refuse.
 *
 * Generated input breaks the schemas: wrong types per field, missing and extra fields, huge strings,
 * unicode and control characters, negative/fractional/huge numbers, NaN-ish strings, deep nesting,
 * prototype-pollution keys, arbitrary JSON and values, malformed JSON and odd content types; sent
 * anonymously, as a customer, as an admin and with garbage credentials. Valid values (real ids,
 * e-mails, secrets) are mixed in so that checks behind the schema are reached too.
 *
 * For every case: no 5xx; every 4xx is `{ error: { code, message } }`; a 4xx leaves the database
 * exactly as it was (every table but sessions, fingerprinted after each case); input its zod schema
 * refuses is answered 400 (never reaches the handler). Accepted cases (2xx/3xx) may change the data.
 *
 * Set FUZZ_SEED to replay a run; FUZZ_RUNS to change the cases per endpoint.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { afterAnswersDone } from '../auth/after-answer.js';
import { createSession } from '../auth/sessions.js';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  registerAdmin,
  registerCustomer,
  startTestServer,
  TEST_ADDRESS,
} from '../test/harness.js';
import { freePort } from './processes.js';

// ---- the zod schema of every route, straight from its definition --------------------------------

type CollectedRoute = {
  methods: string[];
  url: string;
  access?: string;
  scope?: string;
  schema?: { body?: ZodType; params?: ZodType; querystring?: ZodType };
};
const collected = vi.hoisted(() => ({ routes: [] as CollectedRoute[] }));

vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const real = original.default;
  const withRouteCollector = ((options?: object) => {
    const app = (real as unknown as (o?: object) => FastifyInstance)(options);
    app.addHook('onRoute', (route) => {
      collected.routes.push({
        methods: ([] as string[]).concat(route.method),
        url: route.url,
        access: (route.config as { access?: string } | undefined)?.access,
        scope: (route.config as { scope?: string } | undefined)?.scope,
        schema: route.schema as CollectedRoute['schema'],
      });
    });
    return app;
  }) as unknown as typeof real;
  Object.assign(withRouteCollector, real);
  return { ...original, default: withRouteCollector, fastify: withRouteCollector };
});

// ---- the server under test and its data -------------------------------------------------------

const deadIssuerPort = await freePort();
// Google sign-in configured against an issuer nobody answers at: its routes run their real code.
const server = await startTestServer({
  GOOGLE_CLIENT_ID: 'fuzz-client',
  GOOGLE_CLIENT_SECRET: 'fuzz-secret',
  PUBLIC_URL: 'http://127.0.0.1:9',
  OIDC_ISSUER: `http://127.0.0.1:${deadIssuerPort}`,
});
const app = server.app;
const admin = await registerAdmin(server);
const customer = await registerCustomer(app, 'Fuzz Customer');
const victims: Account[] = [];
for (let i = 0; i < 3; i++) victims.push(await registerCustomer(app, `Fuzz Victim ${i}`));
const productId = await createProduct(app, admin, { stock: 1_000_000, min: 1, price: 3.5 });
const victimProductId = await createProduct(app, admin, { stock: 50, min: 1 });

async function placeOrder(who: Account) {
  const response = await call(app, 'POST', '/api/orders', { token: who.token, body: { productId, quantity: 2, phone: '5550100', shippingAddress: TEST_ADDRESS } });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json()._id as string;
}
const orderId = await placeOrder(customer);
const paidLaterOrderId = await placeOrder(customer);
const victimOrders = [await placeOrder(customer), await placeOrder(victims[0]!)];
const intentFor = async (id: string) =>
  (await call(app, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId: id } })).json().clientSecret as string;
const clientSecret = await intentFor(orderId);
const succeededSecret = await intentFor(paidLaterOrderId);
const charged = await call(app, 'POST', '/api/payments/test/confirm', {
  body: { clientSecret: succeededSecret, card: { number: '4242424242424242', expiry: '12 / 40', cvc: '123' } },
});
const succeededIntent = charged.json().paymentIntent.id as string;

/** Real values, by field name, so that generated requests also get past "no such thing". */
function poolFor(name: string, destructive: boolean): unknown[] {
  // DELETE and PUT only ever aim at victims: the fuzzer must not delete or demote its own accounts.
  const ids = destructive ? [victimProductId, ...victimOrders] : [productId, orderId, paidLaterOrderId, victimProductId, ...victimOrders, '1', '2'];
  const pools: Record<string, unknown[]> = {
    id: [...ids, '999999'],
    orderId: destructive ? victimOrders : [orderId, paidLaterOrderId, ...victimOrders],
    productId: [productId, victimProductId],
    email: destructive ? [...victims.map((v) => v.email), 'nobody@example.com'] : [customer.email, admin.email, victims[1]!.email, 'nobody@example.com'],
    clientSecret: [clientSecret, succeededSecret],
    transactionId: [succeededIntent, clientSecret.split('_secret_')[0]!],
    code: ['not-a-real-code'],
    returnTo: ['/dashboard', '//evil.example.com', 'https://evil.example.com/'],
  };
  return pools[name] ?? [];
}

// ---- JSON Schema → arbitraries ------------------------------------------------------------------

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
}

const typeOf = (s: JsonSchema): string => {
  if (s.anyOf ?? s.oneOf) return 'union';
  if (s.enum) return 'enum';
  return (Array.isArray(s.type) ? s.type[0] : s.type) ?? (s.properties ? 'object' : 'any');
};

/** Values the schema (very likely) accepts. */
function validArb(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const members = s.anyOf ?? s.oneOf;
  if (members) return fc.oneof(...members.map((m) => validArb(m, depth)));
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  switch (typeOf(s)) {
    case 'string': {
      const max = Math.min(s.maxLength ?? 40, 60);
      const min = s.minLength ?? 0;
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity));
      return fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, min, 1) });
    }
    case 'integer': {
      const low = (s.minimum ?? 0) + (s.exclusiveMinimum === true ? 1 : 0);
      return fc.integer({ min: low, max: Math.min(s.maximum ?? 1_000_000, 1_000_000) });
    }
    case 'number':
      return fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 50_000 }).map((c) => c / 100));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(validArb(s.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) model[key] = depth > 3 ? fc.constant(null) : validArb(sub, depth + 1);
      return fc.record(model, { requiredKeys: s.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid value, preferring real ones (ids, e-mails, secrets) when the field has a name we know. */
function validField(s: JsonSchema, name: string, destructive: boolean): fc.Arbitrary<unknown> {
  const pool = poolFor(name, destructive);
  return pool.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: validArb(s) }) : validArb(s);
}

const nanIsh = fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '0x10', '0b11', '1_000', ' 12 ', '12abc', '', '١٢', '+1', '.5', '-0', '1e3', 'null', 'undefined', 'true');
const hugeString = fc.constantFrom(1000, 5000, 20_000, 150_000).map((n) => 'x'.repeat(n));
const weirdString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }), // any code point, lone surrogates included
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u202Eevil\u202C',
    '\uD800',
    '\uDFFF\uD800',
    '😀'.repeat(50),
    '\r\n\t\v\f',
    ' ',
    "' OR 1=1 --",
    '"; DROP TABLE orders; --',
    '../../../../etc/passwd',
    '%00',
    '${7*7}',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    'a'.repeat(255) + '@example.com',
  ),
);
const badNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, -1e308, 1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, -2_147_483_649, 1_000_000_001),
  fc.double(), // NaN and ±Infinity included: JSON sends them as null
  fc.integer({ min: -2_147_483_648, max: 0 }),
);
const deepNest = fc.integer({ min: 10, max: 400 }).chain((depth) =>
  fc.constantFrom<'array' | 'object'>('array', 'object').map((kind) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
    return value;
  }),
);
const pollution = fc.constantFrom(
  JSON.parse('{"__proto__":{"isAdmin":true,"role":"admin"}}'),
  JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
  JSON.parse('{"prototype":{"role":"admin"}}'),
);
const wrongShape = fc.oneof(fc.boolean(), fc.constant(null), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), deepNest, pollution);

/** Values that break this schema (wrong type, out of range, malformed, hostile). */
function badArb(s: JsonSchema): fc.Arbitrary<unknown> {
  switch (typeOf(s)) {
    case 'string':
    case 'enum':
      return fc.oneof(
        { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), wrongShape) },
        { weight: 2, arbitrary: weirdString },
        { weight: 1, arbitrary: hugeString },
        { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n') },
        { weight: 1, arbitrary: fc.string({ minLength: (s.maxLength ?? 200) + 1, maxLength: (s.maxLength ?? 200) + 5 }) },
      );
    case 'integer':
    case 'number':
      return fc.oneof({ weight: 3, arbitrary: badNumber }, { weight: 2, arbitrary: nanIsh }, { weight: 1, arbitrary: weirdString }, { weight: 1, arbitrary: wrongShape });
    case 'object':
      return fc.oneof(fc.string(), fc.integer(), wrongShape, fc.constant([]));
    default:
      return fc.oneof(wrongShape, weirdString, badNumber, nanIsh);
  }
}

/** Characters that are valid in a free-text field but hard on what stores or shows it. */
const hostileChar = fc.constantFrom('\u0000', '\u0007', '\u001b[31m', '\u0085', '\u00a0', '\u200b', '\u2028', '\u202e', '\ud800', '\ufeff', '\uffff', '😀', '👩🏽‍🔧', 'é', 'Ω', '\\', '%', "'");
/** The value with one hostile character put in somewhere (strings only). */
const withHostileChar = (value: unknown) =>
  typeof value === 'string'
    ? fc.tuple(hostileChar, fc.nat({ max: value.length })).map(([c, at]) => value.slice(0, at) + c + value.slice(at))
    : fc.constant(value);

/** Sets a key as an own property, even `__proto__`. */
function withKey(object: Record<string, unknown>, key: string, value: unknown) {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'isAdmin', 'admin', '_id', 'id', 'password_hash', 'status', 'paid', 'price', 'user_id', 'deleted_at', ''),
  fc.string({ maxLength: 20 }),
);

/** An object for this schema with something wrong with it (or, now and then, nothing wrong). */
function objectArb(s: JsonSchema, destructive: boolean): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) model[key] = validField(sub, key, destructive);
  const base = fc.record(model, { requiredKeys: s.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
  const variants: fc.WeightedArbitrary<unknown>[] = [
    { weight: 1, arbitrary: base },
    { weight: 1, arbitrary: fc.tuple(base, extraKey, fc.oneof(fc.jsonValue({ maxDepth: 2 }), wrongShape)).map(([b, k, v]) => withKey(b, k, v)) },
    { weight: 1, arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, badArb(props[k]!)]))) },
    { weight: 1, arbitrary: fc.constant({}) },
  ];
  if (keys.length) {
    variants.push({
      weight: 2,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...keys))
        .chain(([b, key]) => (key in b ? withHostileChar(b[key]).map((v) => withKey(b, key, v)) : fc.constant(b))),
    });
    variants.push({
      weight: 5,
      arbitrary: fc.tuple(base, fc.constantFrom(...keys)).chain(([b, key]) => badArb(props[key]!).map((v) => withKey(b, key, v))),
    });
  }
  if (s.required?.length) {
    variants.push({
      weight: 2,
      arbitrary: fc.tuple(base, fc.subarray(s.required, { minLength: 1 })).map(([b, drop]) => Object.fromEntries(Object.entries(b).filter(([k]) => !drop.includes(k)))),
    });
  }
  return fc.oneof(...variants);
}

// ---- whole requests ----------------------------------------------------------------------------

interface Body {
  contentType?: string;
  payload: string;
  /** The JSON value sent, when the payload is valid JSON sent as JSON (for the zod oracle). */
  json?: { value: unknown };
}

const JSON_TYPE = 'application/json';
const asJson = (value: unknown): Body => {
  const payload = JSON.stringify(value) ?? '';
  return { contentType: JSON_TYPE, payload, json: payload ? { value: JSON.parse(payload) } : undefined };
};

function malformedJson(base: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return base.chain((value) => {
    const text = JSON.stringify(value) ?? '{}';
    return fc
      .oneof(
        fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n)),
        fc.constantFrom(
          `${text},`,
          text.replace(/"/g, "'"),
          text.replace(/^\{/, '{,'),
          `\uFEFF${text}`,
          `/* comment */${text}`,
          '{"a":NaN}',
          '{"a":undefined}',
          "{'a':1}",
          '{"a":1,"a":2}',
          '[1,2',
          '{"quantity":1e999}',
          `{"__proto__":{"isAdmin":true},${text.slice(1)}`,
          `{"constructor":{"prototype":{"isAdmin":true}},${text.slice(1)}`,
          '['.repeat(30_000) + ']'.repeat(30_000),
          '{"a":'.repeat(8_000) + '1' + '}'.repeat(8_000),
          ' ',
          '\u0000',
        ),
        fc.string({ unit: 'binary', maxLength: 60 }),
      )
      .map((payload) => ({ contentType: JSON_TYPE, payload }));
  });
}

const oddContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/jsonx',
  'JSON',
  '*/*',
  ';;;',
  'application/json; boundary="',
  'application/octet-stream',
);

function bodyArb(schema: JsonSchema | undefined, destructive: boolean): fc.Arbitrary<Body | null> {
  const base = schema ? validArb(schema) : fc.jsonValue({ maxDepth: 2 });
  const shaped = schema && typeOf(schema) === 'object' ? objectArb(schema, destructive) : base;
  const variants: fc.WeightedArbitrary<Body | null>[] = [
    { weight: schema ? 8 : 2, arbitrary: shaped.map(asJson) },
    { weight: 1, arbitrary: fc.jsonValue().map(asJson) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }).map((v) => asJson(v)) },
    { weight: 2, arbitrary: malformedJson(base) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(oddContentType, fc.oneof(base.map((v) => JSON.stringify(v) ?? ''), fc.constantFrom('a=1&b=2', '<x/>', '--fuzz--'), fc.string()))
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
    { weight: 1, arbitrary: fc.oneof(fc.constant({ payload: '' }), fc.string().map((payload) => ({ payload }))) }, // no content type
    { weight: 1, arbitrary: fc.constant({ contentType: JSON_TYPE, payload: '' }) },
  ];
  if (!schema) variants.push({ weight: 3, arbitrary: fc.constant(null) }); // no body at all
  return fc.oneof(...variants);
}

type Param = { name: string; schema: JsonSchema };

/** A URL carries UTF-8: a lone surrogate can't be sent, it becomes U+FFFD (as a browser would send it). */
const wellFormed = (value: string) => value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const encode = (value: unknown) => encodeURIComponent(wellFormed(String(value)));

function paramValueArb(p: Param, destructive: boolean): fc.Arbitrary<{ raw: string; value?: string }> {
  const encoded = (value: string) => ({ raw: encode(value), value: wellFormed(value) });
  const bad = fc.oneof(
    fc.constantFrom('0', '-1', '1.5', '1e3', 'abc', '99999999999999999999', ' 1', 'NaN', '__proto__', 'constructor', 'not-an-email', 'a@b', '@example.com', 'A'.repeat(300)),
    weirdString.filter((v) => v.length > 0),
    nanIsh.filter((v) => v.length > 0),
  );
  return fc
    .oneof(
      { weight: 3, arbitrary: validField(p.schema, p.name, destructive).map((v) => encoded(String(v))) },
      { weight: 1, arbitrary: validField(p.schema, p.name, destructive).map(String).chain(withHostileChar).map((v) => encoded(String(v))) },
      { weight: 4, arbitrary: bad.map(encoded) },
      { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%zz', '..%2F..', '%2e%2e', '%00').map((raw) => ({ raw })) },
    )
    .filter((param: { raw: string; value?: string }) => !isDotSegment(param.value));
}

/** '.' or '..' as a path segment is resolved away by URL parsing, as a browser does: the request names another route, not this value. */
const isDotSegment = (value: string | undefined) => value === '.' || value === '..';

function queryArb(params: Param[], destructive: boolean): fc.Arbitrary<string> {
  const pair = (name: string, value: unknown) => `${encode(name)}=${encode(value)}`;
  const perParam = params.map((p) =>
    fc.option(
      fc.oneof(
        validField(p.schema, p.name, destructive).map((v) => [pair(p.name, v)]),
        validField(p.schema, p.name, destructive).chain(withHostileChar).map((v) => [pair(p.name, v)]),
        badArb(p.schema).map((v) => [pair(p.name, typeof v === 'object' ? JSON.stringify(v) : v)]),
        fc.tuple(validArb(p.schema), validArb(p.schema)).map(([a, b]) => [pair(p.name, a), pair(p.name, b)]), // repeated: an array
        fc.constantFrom([`${p.name}[]=1`], [`${p.name}[a]=1`], [`${p.name}`], [`${p.name}=%`], [`${p.name}=%E0%A4%A`]),
      ),
      { freq: 3 },
    ),
  );
  const extras = fc.array(
    fc.oneof(
      fc.tuple(extraKey, fc.string()).map(([k, v]) => pair(k, v)),
      fc.constantFrom('__proto__[isAdmin]=1', 'constructor[prototype][x]=1', '&&&', '=', '%', 'a=%ZZ'),
    ),
    { maxLength: 3 },
  );
  return fc.tuple(fc.tuple(...perParam), extras).map(([chosen, more]) => {
    const parts = [...chosen.flatMap((c) => c ?? []), ...more];
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

const credentials = fc.oneof(
  fc.constantFrom<'customer' | 'admin' | 'none'>('customer', 'admin', 'none'),
  fc.constantFrom('Bearer ', 'Bearer x', 'Basic YWxhZGRpbjpvcGVu', `Bearer ${'a'.repeat(5000)}`, 'Bearer \u0000', 'Bearer a b', 'token').map((header) => ({ header })),
);

// ---- the endpoints -----------------------------------------------------------------------------

interface Endpoint {
  method: string;
  path: string; // OpenAPI form, /api/order/{id}
  url: string; // Fastify form, /api/order/:id
  body?: JsonSchema;
  hasBody: boolean;
  params: Param[];
  query: Param[];
  zod?: CollectedRoute['schema'];
  access?: string;
  scope?: string;
}

type OpenApiOperation = { parameters?: { in: string; name: string; schema: JsonSchema }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
const endpoints: Endpoint[] = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations).map(([method, op]) => {
    const url = path.replace(/\{([^}]+)\}/g, ':$1');
    const upper = method.toUpperCase();
    const route = collected.routes.find((r) => r.url === url && r.methods.includes(upper));
    return {
      method: upper,
      path,
      url,
      body: op.requestBody?.content?.[JSON_TYPE]?.schema,
      hasBody: !['GET', 'HEAD'].includes(upper),
      params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
      zod: route?.schema,
      access: route?.access,
      scope: route?.scope,
    };
  }),
);

/**
 * The one refusal that writes by design: money the provider took for an order that can no longer be paid
 * (cancelled, expired) is refunded at once and the refund recorded, and the caller gets 409 payment_refunded.
 */
const REFUSALS_THAT_RECORD: Record<string, string[]> = { payment_refunded: ['payments', 'test_processor_intents'] };

// ---- the database, fingerprinted -----------------------------------------------------------------

const k = server.db.kysely;
const tables = (
  server.db.dialect === 'postgres'
    ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(k)).rows
    : // The search index's own tables (virtual, or without a rowid to order by) follow from the products.
      (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
        and sql not like 'CREATE VIRTUAL TABLE%' and sql not like '%WITHOUT ROWID%'`.execute(k)).rows
)
  .map((r) => r.name)
  // Every authenticated case makes a session; every call to a rate-limited route counts (PostgreSQL).
  .filter((name) => name !== 'sessions' && name !== 'counters')
  .sort();

/** One hash per table (sessions aside), in one round trip on PostgreSQL. */
async function fingerprint(): Promise<Record<string, string>> {
  if (server.db.dialect === 'postgres') {
    const columns = tables.map((t) => `(select count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${t}" x) as "${t}"`);
    const { rows } = await sql.raw<Record<string, string>>(`select ${columns.join(', ')}`).execute(k);
    return rows[0]!;
  }
  const result: Record<string, string> = {};
  for (const t of tables) {
    const { rows } = await sql.raw(`select * from "${t}" order by rowid`).execute(k);
    result[t] = `${rows.length}:${createHash('sha1').update(JSON.stringify(rows)).digest('hex')}`;
  }
  return result;
}

// ---- the property --------------------------------------------------------------------------------

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;
const runsPerEndpoint = Number(process.env.FUZZ_RUNS ?? (databaseKind === 'postgres' ? 100 : 120));
const sessionTtlMs = server.config.sessionTtlMs;
const adminId = Number(admin.id);
const customerId = Number(customer.id);
let baseline = await fingerprint();
const tally = { cases: 0, accepted: 0, rejected: 0, refusedBySchema: 0 };

const perEndpoint: string[] = [];

const describeCase = (method: string, url: string, auth: string, body: Body | null) =>
  `${method} ${url.slice(0, 300)} as ${auth} content-type=${JSON.stringify(body?.contentType)} payload=${JSON.stringify(body?.payload.slice(0, 300))}${
    (body?.payload.length ?? 0) > 300 ? `… (${body?.payload.length} chars)` : ''
  }`;

/** 401 or 403 when the caller may not call the route at all (checked before any input), else null. */
function refusalBeforeValidation(access: string | undefined, auth: 'customer' | 'admin' | 'none' | { header: string }, email: string | undefined) {
  if (access === 'public') return null;
  if (auth === 'none' || typeof auth === 'object') return 401;
  if (access === 'admin' && auth === 'customer') return 403;
  if (access === 'self' && auth === 'customer' && (email ?? '').trim().toLowerCase() !== customer.email) return 403;
  return null;
}

async function runCase(endpoint: Endpoint, input: { auth: 'customer' | 'admin' | 'none' | { header: string }; params: { raw: string; value?: string }[]; query: string; body: Body | null }) {
  let url = endpoint.url;
  endpoint.params.forEach((p, i) => (url = url.replace(`:${p.name}`, input.params[i]!.raw)));
  url += input.query;
  const headers: Record<string, string> = {};
  let auth = 'anonymous';
  if (typeof input.auth === 'object') {
    headers.authorization = input.auth.header;
    auth = `"${input.auth.header.slice(0, 20)}"`;
  } else if (input.auth !== 'none') {
    // A fresh session each time: a fuzzed logout must not sign the fuzzer out.
    headers.authorization = `Bearer ${await createSession(server.db.kysely, input.auth === 'admin' ? adminId : customerId, sessionTtlMs)}`;
    auth = input.auth;
  }
  const body = endpoint.hasBody ? input.body : null;
  if (body?.contentType !== undefined) headers['content-type'] = body.contentType;
  const what = () => describeCase(endpoint.method, url, auth, body);

  const response = await app.inject({
    method: endpoint.method as 'GET',
    url,
    headers,
    ...(body ? { payload: body.payload } : {}),
  });
  const status = response.statusCode;
  tally.cases += 1;
  if (status >= 500) throw new Error(`${status} for ${what()}\n→ ${response.body.slice(0, 500)}`);

  // What the route's own zod schemas say about this input: refused input must get a 400.
  const paramsObject = Object.fromEntries(endpoint.params.map((p, i) => [p.name, input.params[i]!.value]));
  // Plain path parameters always reach the route; others may not (404), or be over Fastify's 100 characters (414).
  const simpleParams = input.params.every((p) => p.value !== undefined && /^[\w.@+-]{1,100}$/.test(p.value));
  // Only where the body parses: a body that does not (bad JSON, 413, 415) is refused before validation.
  const jsonSent = body?.json !== undefined && body.contentType === JSON_TYPE && body.payload.length < server.config.bodyLimitBytes && !/"(__proto__|constructor)"/.test(body.payload);
  const bodyParses = body === null || (body.payload === '' && body.contentType === undefined) || jsonSent;
  const paramsRefused = bodyParses && simpleParams && endpoint.zod?.params !== undefined && !endpoint.zod.params.safeParse(paramsObject).success;
  const bodyRefused = jsonSent && endpoint.zod?.body !== undefined && !endpoint.zod.body.safeParse(body!.json!.value).success;
  if (paramsRefused || bodyRefused) {
    tally.refusedBySchema += 1;
    // Authentication comes first: who may not call the route hears so, whatever they sent.
    const expected = refusalBeforeValidation(endpoint.access, input.auth, paramsObject.email) ?? 400;
    // The fuzzer's accounts are admins of no company: a company's route refuses them before reading their body
    // (a path that names no company or order at all may be refused as such, 400).
    const companyRefusals = paramsRefused ? [400, 403, 404] : [403, 404];
    const refusals = expected === 400 && endpoint.scope === 'company' ? companyRefusals : [expected];
    // A path Fastify cannot route (a malformed %-escape, an over-long segment) is refused before anyone is asked.
    const allowed = simpleParams ? refusals : [...refusals, 400, 404, 414];
    if (!allowed.includes(status)) {
      throw new Error(`input its zod schema refuses got ${status}, not ${allowed.join(' or ')}: ${what()}\n→ ${response.body.slice(0, 500)}`);
    }
  }

  if (status < 400) {
    tally.accepted += 1;
    await afterAnswersDone(); // what an accepted request sets off after its answer (a reset mail)
    baseline = await fingerprint(); // accepted input may change data
    return status;
  }
  tally.rejected += 1;
  let error: { code?: unknown; message?: unknown } | undefined;
  try {
    error = JSON.parse(response.body).error;
  } catch {
    error = undefined;
  }
  if (typeof error?.code !== 'string' || !error.code || typeof error.message !== 'string' || !error.message) {
    throw new Error(`${status} without { error: { code, message } } for ${what()}\n→ ${response.body.slice(0, 500)}`);
  }
  const after = await fingerprint();
  const changed = tables.filter((t) => after[t] !== baseline[t]);
  const recorded = REFUSALS_THAT_RECORD[String(error.code)] ?? [];
  if (changed.length && changed.every((t) => recorded.includes(t))) {
    baseline = after;
    return status;
  }
  if (changed.length) {
    baseline = after;
    throw new Error(`${status} ${String(error?.code)} but the database changed (${changed.join(', ')}) for ${what()}`);
  }
  return status;
}

describe(`fuzzing every endpoint with generated bad input (${databaseKind})`, () => {
  afterAll(async () => {
    console.info(
      `[fuzz ${databaseKind}] seed ${seed}: ${tally.cases} cases over ${endpoints.length} endpoints — ${tally.accepted} accepted, ` +
        `${tally.rejected} rejected with a 4xx (database unchanged each time), ${tally.refusedBySchema} refused by their zod schema; ` +
        `no 5xx\n  ` +
        perEndpoint.join('\n  '),
    );
    await server.close();
  });

  it('finds every endpoint of the OpenAPI document and the zod schemas behind them', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(30);
    const missing = endpoints.filter((e) => !e.access || ((e.body || e.params.length || e.query.length) && !e.zod));
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
    expect(endpoints.filter((e) => e.body).length).toBeGreaterThanOrEqual(8);
  });

  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_name, endpoint) => {
    const destructive = endpoint.method === 'DELETE' || endpoint.method === 'PUT';
    const statuses: Record<number, number> = {};
    const property = fc.asyncProperty(
      fc.record({
        auth: credentials,
        params: fc.tuple(...endpoint.params.map((p) => paramValueArb(p, destructive))),
        query: endpoint.query.length ? queryArb(endpoint.query, destructive) : fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryArb([], false) }),
        body: bodyArb(endpoint.body, destructive),
      }),
      async (input) => {
        const status = await runCase(endpoint, input);
        statuses[status] = (statuses[status] ?? 0) + 1;
      },
    );
    // No shrinking: the server's data moves on between cases, and the first failure says it all.
    const details = await fc.check(property, { numRuns: runsPerEndpoint, seed, endOnFailure: true });
    if (details.failed) {
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(`case ${details.numRuns} of ${endpoint.method} ${endpoint.path} failed (replay: FUZZ_SEED=${seed}):\n${cause}`);
    }
    perEndpoint.push(`${`${endpoint.method} ${endpoint.path}`.padEnd(36)} ${details.numRuns} cases: ${JSON.stringify(statuses)}`);
    expect(details.numRuns).toBe(runsPerEndpoint);
    // Bad input really was sent and refused, wherever there is something to refuse (a body, path
    // parameters, or who may call); a public GET without parameters answers everything.
    if (endpoint.body || endpoint.params.length || endpoint.access !== 'public') {
      expect(Object.keys(statuses).some((s) => Number(s) >= 400)).toBe(true);
    }
  });

  // Inputs the fuzzer has shown to be easy to get wrong (a 500 or a foreign error shape), pinned as plain cases.
  it('a NUL character in any text gets a 400, not a 500 (PostgreSQL cannot store it)', async () => {
    // Fresh sessions: a fuzzed "sign out everywhere else" may have ended the ones made at the start.
    const token = await createSession(server.db.kysely, customerId, sessionTtlMs);
    const adminToken = await createSession(server.db.kysely, adminId, sessionTtlMs);
    const nul = 'a\u0000b';
    const answers = await Promise.all([
      call(app, 'GET', `/api/products?q=${encodeURIComponent(nul)}`),
      call(app, 'POST', '/api/contact', { body: { email: 'nul@example.com', message: nul } }),
      call(app, 'POST', '/api/review', { token, body: { rating: 5, comment: nul } }),
      call(app, 'POST', '/api/orders', { token, body: { productId, quantity: 1, phone: '5550100', address: nul } }),
      call(app, 'PATCH', `/api/user/${customer.email}`, { token, body: { name: nul } }),
      call(app, 'POST', '/api/auth/register', { body: { name: nul, email: 'nul.register@example.com', password: 'secret-password' } }),
      call(app, 'POST', '/api/products', { token: adminToken, body: { name: nul, description: 'd', price: 1, stock: 1, min: 1, img: '/images/products/tire.svg' } }),
      call(app, 'POST', '/api/payments/test/confirm', { body: { clientSecret: nul, card: { number: '4242424242424242', expiry: '12 / 40', cvc: '123' } } }),
      call(app, 'PATCH', `/api/orders/${orderId}`, { token, body: { transactionId: `pi_${nul}` } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 400));
  });

  it('a catalog cursor above 2147483647 gets a 400, not a 500 (PostgreSQL integer range)', async () => {
    const answer = await call(app, 'GET', '/api/products?limit=5&cursor=2147483648');
    expect(answer.statusCode).toBe(400);
  });

  it('a malformed %-escape or an over-long path parameter gets the API error shape', async () => {
    for (const url of ['/api/order/%zz', `/api/order/${'1'.repeat(150)}`]) {
      const answer = await call(app, 'GET', url, { token: customer.token });
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });
});

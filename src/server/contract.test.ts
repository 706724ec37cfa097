/**
 * src/shared/contract.ts against the routes the server really registers, both ways: every endpoint of the
 * table is a route with that method, path, success status and answer schema, and every /api route is in
 * the table. The browser's test fakes answer through the table (src/web/test/render.tsx), so this is what
 * keeps a fake from answering what the server never would.
 *
 * Routes are collected with an `onRoute` hook, added when Fastify publishes a new instance on its
 * `fastify.initialization` diagnostics channel (before any route is registered). Schemas are compared as
 * the JSON Schema zod makes of them, the same document the server's OpenAPI page shows.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponseSchema } from '../shared/api.js';
import { ENDPOINTS, type Endpoint } from '../shared/contract.js';
import { startTestServer, type TestServer } from './test/harness.js';

/** /api routes that are not part of the shop's API: the OpenAPI document and its Swagger UI pages. */
const NOT_IN_CONTRACT = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/];

interface Route {
  method: string;
  path: string;
  response: Record<string, unknown>;
}

const routes: Route[] = [];
const collect = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const response = ((route.schema ?? {}) as { response?: Record<string, unknown> }).response ?? {};
    for (const method of ([] as string[]).concat(route.method)) {
      // HEAD is Fastify's automatic twin of each GET; the contract names the GET.
      if (method !== 'HEAD') routes.push({ method, path: route.url, response });
    }
  });
};

let server: TestServer;
beforeAll(async () => {
  subscribe('fastify.initialization', collect);
  try {
    server = await startTestServer();
  } finally {
    unsubscribe('fastify.initialization', collect);
  }
});
afterAll(() => server?.close());

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const apiRoutes = () => routes.filter((r) => r.path.startsWith('/api') && !NOT_IN_CONTRACT.some((p) => p.test(r.path)));

function jsonSchema(schema: unknown): unknown {
  return z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any' });
}

/** Whether two schemas accept and describe the same thing (the same object, or equal as JSON Schema). */
function sameSchema(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(jsonSchema(a)) === JSON.stringify(jsonSchema(b));
}

/** What the contract says a success looks like, against what the route declares; '' when they agree. */
function answerDrift(endpoint: Endpoint, route: Route): string {
  const successes = Object.keys(route.response).filter((status) => status.startsWith('2'));
  if (successes.length === 0) {
    // A route that declares no answer schema sends bytes (CSV, PDF), which the contract calls a string,
    // or redirects the browser (no body).
    const bytes = endpoint.status === 200 && endpoint.answer !== null && sameSchema(endpoint.answer, z.string());
    const redirect = endpoint.status >= 300 && endpoint.status < 400 && endpoint.answer === null;
    return bytes || redirect ? '' : 'the route declares no answer: the contract should say 200 and z.string(), or a 3xx and null';
  }
  if (successes.length > 1 || successes[0] !== String(endpoint.status)) {
    return `the route answers ${successes.join(', ')}; the contract says ${endpoint.status}`;
  }
  const declared = route.response[String(endpoint.status)];
  if (endpoint.answer === null) return sameSchema(declared, z.null()) ? '' : 'the route answers a body; the contract says none';
  return sameSchema(declared, endpoint.answer) ? '' : 'the answer schema differs';
}

/** Failures with a body other than the error shape: the route's and the contract's must be the same. */
function failureDrift(endpoint: Endpoint, route: Route): string {
  const routeFailures = Object.entries(route.response).filter(
    ([status, schema]) => !status.startsWith('2') && !sameSchema(schema, errorResponseSchema),
  );
  const contractFailures = Object.entries(endpoint.failures ?? {});
  const statuses = (list: [string, unknown][]) => list.map(([status]) => status).sort().join(', ');
  if (statuses(routeFailures) !== statuses(contractFailures)) {
    return `failures with a body of their own: the route has [${statuses(routeFailures)}], the contract [${statuses(contractFailures)}]`;
  }
  const differing = contractFailures.filter(([status, schema]) => !sameSchema(schema, route.response[status]));
  return differing.length > 0 ? `the failure schema of ${statuses(differing)} differs` : '';
}

describe('the HTTP contract (src/shared/contract.ts) against the registered routes', () => {
  it('collected the routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(50);
  });

  it('has every contract endpoint registered, with the same success status and answer schema', () => {
    const byKey = new Map(routes.map((route) => [key(route), route]));
    const drift = ENDPOINTS.flatMap((endpoint) => {
      const route = byKey.get(key(endpoint));
      if (!route) return [`${key(endpoint)}: no such route`];
      return [answerDrift(endpoint, route), failureDrift(endpoint, route)].filter(Boolean).map((why) => `${key(endpoint)}: ${why}`);
    });
    expect(drift).toEqual([]);
  });

  it('has every registered /api route in the contract', () => {
    const inContract = new Set(ENDPOINTS.map(key));
    const missing = apiRoutes().map(key).filter((name) => !inContract.has(name));
    expect(missing).toEqual([]);
  });
});

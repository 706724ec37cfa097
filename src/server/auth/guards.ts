/**
 * Who may call what. Every /api route states `config.access`; a route without one fails at start-up.
 * - public: anyone (with `identify`, a valid token still names the viewer, e.g. for admin-only fields)
 * - user:   any signed-in account (per-resource checks like "owner or admin" happen in the handler)
 * - admin:  admins only
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseEmail } from '../../shared/schemas.js';
import type { Db } from '../db/connection.js';
import { forbidden, unauthenticated } from '../errors.js';
import { findViewer, type Viewer } from './sessions.js';

export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** For a public route whose answer depends on who asks: look the token up anyway. */
    identify?: boolean;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** Routes added by documentation plugins, not by us. */
const UNGUARDED_PREFIXES = ['/api/docs'];

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export function registerAccessControl(app: FastifyInstance, db: Db, sessionTtlMs: number): void {
  app.decorateRequest('viewer', null);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api');
    if (isApi && !route.config?.access && !UNGUARDED_PREFIXES.some((p) => route.url.startsWith(p))) {
      throw new Error(`Route ${route.method} ${route.url} does not state who may call it (config.access)`);
    }
  });

  const identifyViewer = async (request: FastifyRequest, access: Access) => {
    const token = bearerToken(request);
    request.viewer = token ? await findViewer(db, token, sessionTtlMs) : null;
    if (access === 'public') return;
    if (!request.viewer) throw unauthenticated();
    if (access === 'admin' && request.viewer.role !== 'admin') throw forbidden();
  };
  // Callback style: a public catalog read, the hottest path, then costs no promise at all.
  app.addHook('preHandler', (request, _reply, done) => {
    const { access, identify } = request.routeOptions.config;
    if (!access || (access === 'public' && !identify)) return done();
    identifyViewer(request, access).then(() => done(), done);
  });
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

/** "That user or an admin": the account named in the path, or any admin. */
export function requireSelfOrAdmin(request: FastifyRequest, email: string): Viewer {
  const viewer = requireViewer(request);
  if (viewer.role !== 'admin' && viewer.email !== normaliseEmail(email)) throw forbidden();
  return viewer;
}

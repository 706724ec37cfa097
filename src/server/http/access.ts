/**
 * Who may call what. Every /api route states `config.access`; a route without one fails at start-up.
 * - public: anyone (with `identify`, a valid token still names the viewer, e.g. for admin-only fields)
 * - user:   any signed-in account (per-resource checks like "owner or admin" happen in the services)
 * - self:   the account named by the path's `:email`, or an admin
 * - admin:  admins only
 * The check runs when the request arrives, before its body is read or validated: an anonymous caller
 * gets 401 and a caller without the right 403, whatever it sent.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/api.js';
import { normaliseEmail } from '../../shared/schemas.js';
import { forbidden, unauthenticated } from './errors.js';

export type Access = 'public' | 'user' | 'self' | 'admin';

/** The signed-in account making a request. */
export interface Viewer {
  id: number;
  name: string;
  email: string;
  role: Role;
  tokenHash: string;
}

/** Finds the viewer behind a bearer token (the auth domain's sessions), or null. */
export type ViewerLookup = (token: string) => Promise<Viewer | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** For a public route whose answer depends on who asks: look the token up anyway. */
    identify?: boolean;
    /**
     * 'company': only the admins of the company the path names (its `:id`, or the order's company) may
     * call it; the route refuses everyone else (403, or 404 where it would tell that the order exists)
     * before it reads the body.
     */
    scope?: 'company';
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** Routes added by documentation plugins, not by us. */
const UNGUARDED_PREFIXES = ['/api/docs'];

/** The bearer token the request carries, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export function registerAccessControl(app: FastifyInstance, lookupViewer: ViewerLookup): void {
  app.decorateRequest('viewer', null);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api');
    if (isApi && !route.config?.access && !UNGUARDED_PREFIXES.some((p) => route.url.startsWith(p))) {
      throw new Error(`Route ${route.method} ${route.url} does not state who may call it (config.access)`);
    }
  });

  const identifyViewer = async (request: FastifyRequest, access: Access) => {
    const token = bearerToken(request);
    request.viewer = token ? await lookupViewer(token) : null;
    if (access === 'public') return;
    if (!request.viewer) throw unauthenticated();
    if (access === 'admin' && request.viewer.role !== 'admin') throw forbidden();
    if (access === 'self') requireSelfOrAdmin(request, (request.params as { email?: string }).email ?? '');
  };
  // Callback style: a public catalog read, the hottest path, then costs no promise at all.
  app.addHook('onRequest', (request, _reply, done) => {
    const { access, identify } = request.routeOptions.config;
    if (!access || (access === 'public' && !identify)) return done();
    identifyViewer(request, access).then(() => done(), done);
  });
}

/**
 * An answer that depends on who asks (any route that is not public, or a public one that looked at the
 * viewer) is never stored by a browser or a shared cache.
 */
export function keepPrivateAnswersPrivate(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const { access } = request.routeOptions.config;
    if ((access && access !== 'public') || request.viewer) reply.header('cache-control', 'no-store');
    done(null, payload);
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

/** "The owner or an admin", for a resource that belongs to an account. */
export function isOwnerOrAdmin(viewer: Viewer, ownerId: number): boolean {
  return viewer.role === 'admin' || viewer.id === ownerId;
}

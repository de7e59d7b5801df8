import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_TOKEN_HEADER } from '@ridealong/contracts';
import { can } from '../access/can.js';
import type { UserRow } from '../db/schema.js';
import { forbidden, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    sessionToken: string | null;
  }
}

/** Resolves `x-auth-token` to the signed-in user on every API request. */
export function installAuth(
  app: FastifyInstance,
  sessions: { resolve(token: string): Promise<UserRow | null> },
): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[AUTH_TOKEN_HEADER];
    const token =
      typeof header === 'string' && header.length > 0 && header.length < 200 ? header : null;
    if (!token || !request.url.startsWith('/api/')) return;
    request.sessionToken = token;
    request.currentUser = await sessions.resolve(token);
  });
}

/** The signed-in user, or a 401 (an unknown, expired or revoked token counts as signed out). */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/**
 * A signed-in admin, or 401 for guests and 403 for members. `currentUser` is read from the
 * database on every request, so a role taken away applies at once.
 */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!can(user, 'site.administer')) throw forbidden('Admins only.');
  return user;
}

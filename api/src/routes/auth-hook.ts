import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';
import type { Ctx } from '../services/context';
import { authenticate, type UserRow } from '../services/users';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_\-.~+/=]{10,200})\s*$/i;

/** The bearer token the request carries, or null when the header is missing or malformed. */
export const bearerToken = (req: FastifyRequest): string | null => BEARER.exec(req.headers.authorization ?? '')?.[1] ?? null;

/** preHandler for customer routes: resolves the bearer token or answers 401. */
export function requireUser(ctx: Ctx) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    if (req.currentUser) return; // already resolved by authenticateFirst
    const match = BEARER.exec(req.headers.authorization ?? '');
    const user = match ? await authenticate(ctx, match[1]!) : null;
    if (!user) throw new HttpError(401, match ? 'Session expired or invalid. Please log in again.' : 'Authentication required');
    req.currentUser = user;
  };
}

export function userOf(req: FastifyRequest): UserRow {
  if (!req.currentUser) throw new HttpError(401, 'Authentication required');
  return req.currentUser;
}

const needsBearer = (req: FastifyRequest) => {
  const security = (req.routeOptions.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
  return !!security?.some((s) => 'bearerAuth' in s);
};

/**
 * onRequest hook: every route whose schema declares the bearer session resolves it before its body is parsed or
 * validated, so a request without a valid session gets 401 whatever its body (the route's requireUser then only
 * reads what this found).
 */
export function authenticateFirst(ctx: Ctx) {
  const check = requireUser(ctx);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (needsBearer(req)) await check(req, reply);
  };
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../lib/errors';
import type { Ctx } from '../services/context';
import { REPORTS_PER_CUSTOMER_PER_HOUR, storeClientReports } from '../services/client-reports';
import { authenticate } from '../services/users';
import { bearerToken } from './auth-hook';
import { ERRORS } from './models';
import type { RateLimitConfig } from './rate-limits';
import { TEXT } from './schemas';

/** The most reports one request may carry: the browser sends at most this many per batch. */
export const MAX_REPORTS_PER_BATCH = 50;

const text = (label: string) => ({ [TEXT]: { label, invalid: `${label} is not valid.` } });

// Nothing personal fits these patterns: a route is a pattern without digits, query or fragment (`/dashboard/:id`),
// an error is its constructor's name (never its message), a session is a random id the tab forgets.
const REPORT = Type.Object(
  {
    app: Type.Union([Type.Literal('auth'), Type.Literal('kits'), Type.Literal('billing'), Type.Literal('profile'), Type.Literal('shell')], text('App')),
    release: Type.String({ pattern: '^[0-9a-f]{12}$', ...text('Release') }),
    kind: Type.Union([Type.Literal('load'), Type.Literal('error'), Type.Literal('vital')], text('Kind')),
    name: Type.String({ pattern: '^[A-Za-z]{1,40}$', ...text('Name') }),
    value: Type.Optional(Type.Number({ minimum: 0, maximum: 600000, ...text('Value') })),
    route: Type.String({ pattern: '^(/([a-z-]{1,40}|:[A-Za-z]{1,20}))+$|^/$', maxLength: 100, ...text('Route') }),
  },
  { additionalProperties: false },
);

const BODY = Type.Object(
  {
    // The tab's random id, kept for an older shell; customers are counted by their session token, not by it.
    session: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$', ...text('Session') })),
    reports: Type.Array(REPORT, { minItems: 1, maxItems: MAX_REPORTS_PER_BATCH, ...text('Reports') }),
  },
  { additionalProperties: false },
);

/**
 * Errors and Web Vitals from customers' browsers, per area release (not in spec section 7). A batch counts only with
 * a signed-in customer's session (`Authorization: Bearer`): one without, or with a token that is not a live session,
 * is answered 204 and dropped, so nobody can invent the sessions a canary is judged by. Also takes text/plain (an
 * older shell's navigator.sendBeacon), parsed as JSON here only.
 */
export function reportRoutes(fastify: FastifyInstance, ctx: Ctx, limits: RateLimitConfig) {
  return fastify.register(async (scope) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new HttpError(400, 'Malformed JSON body'), undefined);
      }
    });
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    app.post(
      '/api/v1/client_reports',
      {
        config: { rateLimit: limits.reports },
        schema: {
          tags: ['health'],
          'x-addition': true,
          description:
            'Not in spec section 7: a batch of what a browser saw of each area release (it loaded, an error by its name, a Web Vital in ms or, for CLS, a score), tagged with the release id. ' +
            "Counted only with a signed-in customer's bearer token (one customer per release however many reports); without one, or with a token that is not a live session, the batch is answered 204 and dropped. " +
            `At most ${REPORTS_PER_CUSTOMER_PER_HOUR} reports per customer per hour are kept (the rest dropped) and requests are limited per client address. ` +
            'JSON, as application/json or text/plain. Stores no token, address or message; a route is its pattern (`/dashboard/:id`). Kept 30 days.',
          body: BODY,
          response: { 204: Type.Null({ description: 'Accepted (stored when sent by a signed-in customer)' }), ...ERRORS },
        },
      },
      async (req, reply) => {
        const token = bearerToken(req);
        const user = token ? await authenticate(ctx, token) : null;
        if (user) await storeClientReports(ctx, user.id, req.body.session ?? '', req.body.reports);
        return reply.code(204).send(null);
      },
    );
  });
}

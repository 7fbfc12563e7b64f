import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { safeEqual } from '../lib/crypto';
import { HttpError } from '../lib/errors';
import type { Ctx } from '../services/context';
import { OperatorCommandSchema, OperatorError, runOperatorCommand } from '../services/operator';
import { ERRORS } from './models';

/** Not for the portal, nor for the public document: the operator surface is not advertised. */
const OPERATOR = { hide: true, tags: ['operator'], 'x-operator': true };

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Operator actions over HTTP, because the embedded database can be opened by one process only: while the server
 * runs, the CLI goes through here. Loopback callers with the operator token only; everything else gets a 404 so
 * the routes do not advertise themselves.
 */
export function operatorRoutes(fastify: FastifyInstance, ctx: Ctx, operatorToken: string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const guard = async (req: FastifyRequest) => {
    const given = req.headers['x-operator-token'];
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '') || typeof given !== 'string' || !safeEqual(given, operatorToken)) {
      throw new HttpError(404, 'Not found');
    }
  };

  app.get(
    '/operator/health',
    { onRequest: guard, schema: { ...OPERATOR, response: { 200: Type.Object({ ok: Type.Boolean(), db: Type.String() }), ...ERRORS } } },
    async () => ({ ok: true, db: ctx.db.kind }),
  );

  app.post(
    '/operator/command',
    {
      // Before the body is read: anyone else learns nothing, not even that the body is wrong.
      onRequest: guard,
      schema: {
        ...OPERATOR,
        description: 'One command of the operator command line (src/cli/operator.ts); its result depends on the command.',
        body: OperatorCommandSchema,
        response: { 200: Type.Object({ result: Type.Unknown() }), ...ERRORS },
      },
    },
    async (req) => {
      try {
        return { result: await runOperatorCommand(ctx, req.body) };
      } catch (err) {
        if (err instanceof OperatorError) throw new HttpError(422, err.message);
        throw err;
      }
    },
  );
}

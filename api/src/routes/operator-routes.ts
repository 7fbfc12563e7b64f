import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeEqual } from '../lib/crypto';
import { HttpError } from '../lib/errors';
import type { Ctx } from '../services/context';
import { OperatorError, runOperatorCommand, type OperatorCommand } from '../services/operator';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Operator actions over HTTP, because the embedded database can be opened by one process only: while the server
 * runs, the CLI goes through here. Loopback callers with the operator token only; everything else gets a 404 so
 * the routes do not advertise themselves.
 */
export function operatorRoutes(app: FastifyInstance, ctx: Ctx, operatorToken: string) {
  const guard = async (req: FastifyRequest) => {
    const given = req.headers['x-operator-token'];
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '') || typeof given !== 'string' || !safeEqual(given, operatorToken)) {
      throw new HttpError(404, 'Not found');
    }
  };

  app.get('/operator/health', { preHandler: guard }, async () => ({ ok: true, db: ctx.db.kind }));

  app.post<{ Body: OperatorCommand }>(
    '/operator/command',
    {
      preHandler: guard,
      schema: { body: { type: 'object', required: ['cmd'], properties: { cmd: { type: 'string' } } } },
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

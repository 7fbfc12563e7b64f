import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors';
import type { Ctx } from '../services/context';
import { confirmFunding, createFunding, getWallet, listFundings, serializeWallet } from '../services/wallet';
import { requireUser, userOf } from './auth-hook';
import { id, obj, TEXT, wrapped } from './schemas';

export function walletRoutes(app: FastifyInstance, ctx: Ctx) {
  const preHandler = requireUser(ctx);

  app.get('/api/v1/starlink_user_wallet', { preHandler }, async (req) => serializeWallet(await getWallet(ctx, userOf(req).id)));

  app.get('/api/v1/starlink_wallet_fundings', { preHandler }, async (req) => listFundings(ctx, userOf(req).id));

  app.post<{
    Body: { starlink_wallet_funding: { starlink_user_wallet_id: string | number; amount: number; payment_method: string } };
  }>(
    '/api/v1/starlink_wallet_fundings',
    {
      preHandler,
      schema: {
        body: wrapped(
          'starlink_wallet_funding',
          obj({
            starlink_user_wallet_id: {
              anyOf: [{ type: 'integer', minimum: 1, maximum: 2147483647 }, { type: 'string', minLength: 1, maxLength: 40 }],
              [TEXT]: { label: 'Wallet id', invalid: 'Enter a valid wallet id.' },
            },
            // Whole naira; a plain decimal string is coerced by the validator (hex and exponents are refused before).
            amount: {
              type: 'integer',
              minimum: 1,
              maximum: 100_000_000,
              [TEXT]: {
                label: 'Amount',
                invalid: 'Enter an amount in whole naira.',
                minimum: 'The amount must be at least NGN 1.',
                maximum: 'The amount can be at most NGN 100,000,000.',
              },
            },
            payment_method: {
              type: 'string',
              enum: ['offline'],
              [TEXT]: { label: 'Payment method', invalid: 'The only payment method is offline bank transfer.' },
            },
          }),
        ),
      },
    },
    async (req, reply) => {
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' && key.trim() ? key.trim() : undefined;
      if (idempotencyKey && idempotencyKey.length > 100) throw new HttpError(400, 'Idempotency-Key must be at most 100 characters');
      const b = req.body.starlink_wallet_funding;
      const { funding, created } = await createFunding(ctx, userOf(req).id, {
        walletRef: b.starlink_user_wallet_id,
        amount: b.amount,
        paymentMethod: b.payment_method,
        idempotencyKey,
      });
      return reply
        .code(created ? 201 : 200)
        .send({ message: 'Funding process started. Please proceed to make payment.', funding });
    },
  );

  app.put<{ Querystring: { id: number }; Body: { starlink_wallet_funding: { paid: 'yes' } } }>(
    '/api/v1/starlink_wallet_fundings/confirm_request',
    {
      preHandler,
      schema: {
        querystring: obj({ id: id('Funding id') }),
        body: wrapped(
          'starlink_wallet_funding',
          obj({ paid: { type: 'string', enum: ['yes'], [TEXT]: { label: 'Payment confirmation', invalid: 'Confirm the payment with paid "yes".' } } }),
        ),
      },
    },
    async (req) => {
      const funding = await confirmFunding(ctx, userOf(req).id, req.query.id);
      return { message: 'Thanks for confirming, your wallet would be credited when payment is received!', funding };
    },
  );
}

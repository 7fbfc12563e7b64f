import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../lib/errors';
import type { Ctx } from '../services/context';
import { confirmFunding, createFunding, getWallet, listFundings, serializeWallet } from '../services/wallet';
import { requireUser, userOf } from './auth-hook';
import { AUTH, ERRORS, ref, Wallet, WalletFunding } from './models';
import { id, TEXT, wrapped } from './schemas';

const tags = ['wallet'];
const FUNDING_CHANGED = Type.Object({ message: Type.String(), funding: ref(WalletFunding) });

export function walletRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const preHandler = requireUser(ctx);

  app.get(
    '/api/v1/starlink_user_wallet',
    { preHandler, schema: { tags, security: AUTH, response: { 200: ref(Wallet), ...ERRORS } } },
    async (req) => serializeWallet(await getWallet(ctx, userOf(req).id)),
  );

  app.get(
    '/api/v1/starlink_wallet_fundings',
    { preHandler, schema: { tags, security: AUTH, description: 'Newest first.', response: { 200: Type.Array(ref(WalletFunding)), ...ERRORS } } },
    async (req) => listFundings(ctx, userOf(req).id),
  );

  app.post(
    '/api/v1/starlink_wallet_fundings',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        description: 'A repeat with the same Idempotency-Key (or within seconds) answers 200 with the first funding.',
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        body: wrapped('starlink_wallet_funding', {
          starlink_user_wallet_id: Type.Union(
            [Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.String({ minLength: 1, maxLength: 40 })],
            { [TEXT]: { label: 'Wallet id', invalid: 'Enter a valid wallet id.' } },
          ),
          // Whole naira; a plain decimal string is coerced by the validator (hex and exponents are refused before).
          amount: Type.Integer({
            minimum: 1,
            maximum: 100_000_000,
            [TEXT]: {
              label: 'Amount',
              invalid: 'Enter an amount in whole naira.',
              minimum: 'The amount must be at least NGN 1.',
              maximum: 'The amount can be at most NGN 100,000,000.',
            },
          }),
          payment_method: Type.Unsafe<'offline'>({
            type: 'string',
            enum: ['offline'],
            [TEXT]: { label: 'Payment method', invalid: 'The only payment method is offline bank transfer.' },
          }),
        }),
        response: { 200: FUNDING_CHANGED, 201: FUNDING_CHANGED, ...ERRORS },
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

  app.put(
    '/api/v1/starlink_wallet_fundings/confirm_request',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        querystring: Type.Object({ id: id('Funding id') }),
        body: wrapped('starlink_wallet_funding', {
          paid: Type.Unsafe<'yes'>({ type: 'string', enum: ['yes'], [TEXT]: { label: 'Payment confirmation', invalid: 'Confirm the payment with paid "yes".' } }),
        }),
        response: { 200: FUNDING_CHANGED, ...ERRORS },
      },
    },
    async (req) => {
      const funding = await confirmFunding(ctx, userOf(req).id, req.query.id);
      return { message: 'Thanks for confirming, your wallet would be credited when payment is received!', funding };
    },
  );
}

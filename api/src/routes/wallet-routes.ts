import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../lib/errors';
import type { Ctx } from '../services/context';
import { renderStatementPdf } from '../pdf/statement-pdf';
import { monthStatement, statementMonths, walletStatement } from '../services/statement';
import { confirmFunding, createFunding, getWallet, listFundings, serializeWallet } from '../services/wallet';
import { requireUser, userOf } from './auth-hook';
import { perCustomer, type RateLimitConfig } from './rate-limits';
import { AUTH, ERRORS, ref, Wallet, WalletFunding } from './models';
import { id, TEXT, wrapped } from './schemas';

const tags = ['wallet'];
const FUNDING_CHANGED = Type.Object({ message: Type.String(), funding: ref(WalletFunding) });

export function walletRoutes(fastify: FastifyInstance, ctx: Ctx, limits: RateLimitConfig) {
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

  // Beyond spec section 7: every credit and debit of the wallet with the balance after it, for /billing's statement.
  app.get(
    '/api/v1/starlink_wallet_transactions',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        description: 'The wallet statement, newest first: fundings credited and periods paid (activation, renewal, auto_renewal).',
        'x-addition': true,
        querystring: Type.Object({
          page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, [TEXT]: { label: 'Page', invalid: 'Page must be a whole number from 1.' } }),
          per_page: Type.Integer({ minimum: 1, maximum: 50, default: 10, [TEXT]: { label: 'Page size', invalid: 'Page size must be a whole number from 1 to 50.' } }),
        }),
        response: {
          200: Type.Object({
            transactions: Type.Array(
              Type.Object({
                id: Type.Integer(),
                kind: Type.Union([
                  Type.Literal('funding'),
                  Type.Literal('activation'),
                  Type.Literal('renewal'),
                  Type.Literal('auto_renewal'),
                  Type.Literal('adjustment'),
                ]),
                amount: Type.Number(),
                balance_after: Type.Number(),
                created_at: Type.String({ format: 'date-time' }),
                reference: Type.Union([Type.String(), Type.Null()]),
                kit_number: Type.Union([Type.String(), Type.Null()]),
                renewal_id: Type.Union([Type.Integer(), Type.Null()]),
              }),
            ),
            page: Type.Integer(),
            per_page: Type.Integer(),
            total_pages: Type.Integer(),
            total_count: Type.Integer(),
          }),
          ...ERRORS,
        },
      },
    },
    async (req) => walletStatement(ctx, userOf(req).id, req.query.page, req.query.per_page),
  );

  // Beyond spec section 7: the months the statement can be asked for, for the portal's month picker.
  app.get(
    '/api/v1/starlink_wallet_transactions/statement_months',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        description:
          'The months (YYYY-MM, Lagos calendar) a statement PDF exists for, newest first: from the customer\'s first month (the month they ' +
          'signed up in) to the current month. A month in the list without lines still has a statement (the balance carried).',
        'x-addition': true,
        response: { 200: Type.Object({ months: Type.Array(Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' })) }), ...ERRORS },
      },
    },
    async (req) => ({ months: await statementMonths(ctx, userOf(req).id) }),
  );

  // Beyond spec section 7: one month of the statement as a PDF document.
  app.get(
    '/api/v1/starlink_wallet_transactions/statement_pdf',
    {
      preHandler,
      config: { rateLimit: perCustomer(limits.pdfs) },
      schema: {
        tags,
        security: AUTH,
        description:
          'The wallet statement of one calendar month (Lagos time) as a PDF, named statement-YYYY-MM.pdf: opening balance (dated the month\'s ' +
          'first day), every credit and debit in ledger order with the balance after it, closing balance. 422 (`error: "No account history"`) ' +
          'for a month outside `statement_months`, (`error: "Statement too long"`) for one of more than 1,000 lines; 30 per customer per window.',
        'x-addition': true,
        querystring: Type.Object({
          month: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', [TEXT]: { label: 'Month', invalid: 'Choose a month as YYYY-MM.' } }),
        }),
        response: {
          200: { description: 'The PDF', content: { 'application/pdf': { schema: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }) } } },
          ...ERRORS,
        },
      },
    },
    async (req, reply) => {
      const statement = await monthStatement(ctx, userOf(req).id, req.query.month);
      const pdf = await renderStatementPdf(statement, ctx.config.seller, ctx.clock());
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="statement-${statement.month}.pdf"`)
        .send(pdf);
    },
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

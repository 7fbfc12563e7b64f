import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { chargeKit, findRenewal, listRenewals, quoteCharge } from '../services/billing';
import type { Ctx } from '../services/context';
import { changeAddress, createKit, kitJson, kitNumberExists, listKits, serializeKit, setAutoRenew } from '../services/kits';
import { loadPrices } from '../services/prices';
import { renderRenewalPdf } from '../pdf/renewal-pdf';
import { toNum } from '../lib/time';
import { requireUser, userOf } from './auth-hook';
import { perCustomer, type RateLimitConfig } from './rate-limits';
import { AUTH, ChargeQuote, ERRORS, Kit, KitRenewal, ref } from './models';
import { id, NORMALISE, str, TEXT, trimmedMin, wrapped } from './schemas';

const KIT_NUMBER = str(
  3,
  40,
  { label: 'Kit number', invalid: 'Enter a valid kit number: 3 to 40 letters, digits or dashes.' },
  { pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9\\-]*\\s*$' },
);
const ADDRESS = str(5, 300, { label: 'Address', invalid: 'Enter an address of 5 to 300 characters.' }, { ...trimmedMin(5), [NORMALISE]: 'address' });
const nullableText = (label: string) =>
  Type.Union([Type.String({ maxLength: 120 }), Type.Null()], { [TEXT]: { label, invalid: `${label} must be at most 120 characters.` } });
const KIT_ID = id('Kit id');
export const MAX_PER_PAGE = 50;

const CREATE_KIT = Type.Object({
  kit_number: KIT_NUMBER,
  address: ADDRESS,
  // Nigerian National Identification Numbers are 11 digits.
  nin: str(11, 13, { label: 'NIN', invalid: 'NIN must be 11 digits.' }, { pattern: '^\\s*[0-9]{11}\\s*$' }),
  company_name: Type.Optional(nullableText('Company name')),
  company_number: Type.Optional(nullableText('Company number')),
});

const KIT = ref(Kit);
const KIT_CHANGED = Type.Object({ message: Type.String(), kit: KIT });
const tags = ['kits'];

export function kitRoutes(fastify: FastifyInstance, ctx: Ctx, limits: RateLimitConfig) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const preHandler = requireUser(ctx);

  app.get(
    '/api/v1/starlink_kits/check_kit_number',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        querystring: Type.Object({ kit_number: KIT_NUMBER }),
        response: { 200: Type.Object({ exists: Type.Boolean() }), ...ERRORS },
      },
    },
    async (req) => ({ exists: await kitNumberExists(ctx, req.query.kit_number) }),
  );

  app.post(
    '/api/v1/starlink_kits',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        body: CREATE_KIT,
        response: { 201: KIT_CHANGED, ...ERRORS },
      },
    },
    async (req, reply) => {
      const kit = await createKit(ctx, userOf(req).id, req.body);
      return reply.code(201).send({ message: 'Starlink kit added successfully', kit: serializeKit(kit, await loadPrices(ctx), ctx.clock()) });
    },
  );

  app.get(
    '/api/v1/starlink_kits',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        querystring: Type.Object({
          page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, [TEXT]: { label: 'Page', invalid: 'Page must be a whole number from 1.' } }),
          per_page: Type.Integer({
            minimum: 1,
            maximum: 1000,
            default: 10,
            [TEXT]: { label: 'Page size', invalid: 'Page size must be a whole number from 1 to 1000.' },
          }),
        }),
        response: {
          200: Type.Object({
            kits: Type.Array(KIT),
            page: Type.Integer(),
            per_page: Type.Integer(),
            total_pages: Type.Integer(),
            total_count: Type.Integer(),
          }),
          ...ERRORS,
        },
      },
    },
    async (req) => listKits(ctx, userOf(req).id, req.query.page, Math.min(req.query.per_page, MAX_PER_PAGE)),
  );

  app.put(
    '/api/v1/starlink_kits/set_auto_renew',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        body: Type.Object({ id: KIT_ID, auto_renew: Type.Boolean({ [TEXT]: { label: 'Auto-renew', invalid: 'Auto-renew must be true or false.' } }) }),
        response: { 200: KIT_CHANGED, ...ERRORS },
      },
    },
    async (req) => {
      const kit = await setAutoRenew(ctx, userOf(req).id, req.body.id, req.body.auto_renew);
      return { message: `Auto-renew ${kit.auto_renew ? 'enabled' : 'disabled'} successfully`, kit };
    },
  );

  app.put(
    '/api/v1/starlink_kits/kit_address_change_request',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        querystring: Type.Object({ id: KIT_ID }),
        body: wrapped('starlink_kit_address', { address: ADDRESS }),
        response: { 200: KIT_CHANGED, ...ERRORS },
      },
    },
    async (req) => {
      const kit = await changeAddress(ctx, userOf(req).id, req.query.id, req.body.starlink_kit_address.address);
      return { message: 'Address updated successfully', kit };
    },
  );

  app.get(
    '/api/v1/starlink_kits/:id',
    {
      preHandler,
      schema: { tags, security: AUTH, params: Type.Object({ id: KIT_ID }), response: { 200: Type.Object({ kit: KIT }), ...ERRORS } },
    },
    async (req) => ({ kit: await kitJson(ctx, userOf(req).id, req.params.id) }),
  );

  // Beyond spec section 7: the price of the next charge and the wallet after it, shown before the customer confirms.
  app.get(
    '/api/v1/starlink_kits/:id/charge_quote',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        description:
          'What activating, renewing or reactivating this kit would charge now, without charging. `amount_due` > 0 (with `message` and ' +
          '`error`) when the wallet is short; a 422 like the charge\'s own when the kit cannot be paid for now.',
        'x-addition': true,
        params: Type.Object({ id: KIT_ID }),
        response: { 200: ref(ChargeQuote), ...ERRORS },
      },
    },
    async (req) => quoteCharge(ctx, userOf(req).id, req.params.id),
  );

  app.post(
    '/api/v1/starlink_activates/:id/activate_kit',
    {
      preHandler,
      // The spec sends an empty body, or none at all: both are an empty object here.
      preValidation: async (req) => {
        req.body ??= {};
      },
      schema: {
        tags,
        security: AUTH,
        description:
          'Activation and renewal: the wallet pays one period. A 422 carries `error` and, when the wallet is short, `amount_due`. ' +
          'Beyond spec section 7: an optional `expected_amount` (the quote the customer confirmed): when the price differs, 409 ' +
          '`error: "Price changed"` with the current `quote` and nothing charged. Without it (the spec\'s empty body) the charge takes the current price.',
        params: Type.Object({ id: KIT_ID }),
        body: Type.Object({
          expected_amount: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 100_000_000, [TEXT]: { label: 'Expected amount', invalid: 'The expected amount must be a whole number of naira.' } }),
          ),
        }),
        response: { 200: Type.Object({ message: Type.String(), kit: KIT, renewal: ref(KitRenewal) }), ...ERRORS },
      },
    },
    async (req) => {
      const { kit, renewal, isRenewal } = await chargeKit(ctx, userOf(req).id, req.params.id, 'manual', req.body?.expected_amount);
      return { message: isRenewal ? 'Renewal successful' : 'Activation successful', kit, renewal };
    },
  );

  app.get(
    '/api/v1/starlink_kit_renewals/user_kit_renewals',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        description: 'Newest first.',
        querystring: Type.Object({ kit_id: KIT_ID }),
        response: { 200: Type.Array(ref(KitRenewal)), ...ERRORS },
      },
    },
    async (req) => listRenewals(ctx, userOf(req).id, req.query.kit_id),
  );

  app.get(
    '/api/v1/starlink_kit_renewals/:id/download_pdf',
    {
      preHandler,
      config: { rateLimit: perCustomer(limits.pdfs) },
      schema: {
        tags,
        security: AUTH,
        description: 'The invoice or receipt as a PDF, named renewal-{id}.pdf by Content-Disposition.',
        params: Type.Object({ id: id('Renewal id') }),
        response: {
          200: { description: 'The PDF', content: { 'application/pdf': { schema: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }) } } },
          ...ERRORS,
        },
      },
    },
    async (req, reply) => {
      const r = await findRenewal(ctx, userOf(req).id, req.params.id);
      const pdf = await renderRenewalPdf({
        id: r.id,
        status: r.status,
        amount: toNum(r.amount),
        kitNumber: r.snapshot.kit_number,
        serviceLineNumber: r.snapshot.service_line_number ?? '',
        address: r.snapshot.address,
        customerName: r.snapshot.customer_name,
        customerEmail: r.snapshot.customer_email,
        startDate: new Date(r.start_date),
        endDate: new Date(r.end_date),
        deadline: new Date(r.deadline),
        createdAt: new Date(r.created_at),
        paidAt: r.paid_at ? new Date(r.paid_at) : null,
      }, r.snapshot.seller ?? ctx.config.seller);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="renewal-${r.id}.pdf"`)
        .send(pdf);
    },
  );
}

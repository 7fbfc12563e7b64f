import type { FastifyInstance } from 'fastify';
import { chargeKit, findRenewal, listRenewals } from '../services/billing';
import type { Ctx } from '../services/context';
import { changeAddress, createKit, kitJson, kitNumberExists, listKits, serializeKit, setAutoRenew, type CreateKitInput } from '../services/kits';
import { getPlanPrice } from '../services/settings';
import { renderRenewalPdf } from '../pdf/renewal-pdf';
import { toNum } from '../lib/time';
import { requireUser, userOf } from './auth-hook';
import { id, obj, str, wrapped } from './schemas';

const KIT_NUMBER = str(
  3,
  40,
  { label: 'Kit number', invalid: 'Enter a valid kit number: 3 to 40 letters, digits or dashes.' },
  { pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9\\-]*\\s*$' },
);
const ADDRESS = str(5, 300, { label: 'Address', invalid: 'Enter an address of 5 to 300 characters.' });
const nullableText = (label: string) => ({
  anyOf: [{ type: 'string', maxLength: 120 }, { type: 'null' }],
  'x-text': { label, invalid: `${label} must be at most 120 characters.` },
});
const KIT_ID = id('Kit id');
export const MAX_PER_PAGE = 50;

export function kitRoutes(app: FastifyInstance, ctx: Ctx) {
  const preHandler = requireUser(ctx);

  app.get<{ Querystring: { kit_number: string } }>(
    '/api/v1/starlink_kits/check_kit_number',
    { preHandler, schema: { querystring: obj({ kit_number: KIT_NUMBER }) } },
    async (req) => ({ exists: await kitNumberExists(ctx, req.query.kit_number) }),
  );

  app.post<{ Body: CreateKitInput }>(
    '/api/v1/starlink_kits',
    {
      preHandler,
      schema: {
        body: obj(
          {
            kit_number: KIT_NUMBER,
            address: ADDRESS,
            // Nigerian National Identification Numbers are 11 digits.
            nin: str(11, 13, { label: 'NIN', invalid: 'NIN must be 11 digits.' }, { pattern: '^\\s*[0-9]{11}\\s*$' }),
            company_name: nullableText('Company name'),
            company_number: nullableText('Company number'),
          },
          ['kit_number', 'address', 'nin'],
        ),
      },
    },
    async (req, reply) => {
      const kit = await createKit(ctx, userOf(req).id, req.body);
      return reply.code(201).send({ message: 'Starlink kit added successfully', kit: serializeKit(kit, await getPlanPrice(ctx)) });
    },
  );

  app.get<{ Querystring: { page: number; per_page: number } }>(
    '/api/v1/starlink_kits',
    {
      preHandler,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1, 'x-text': { label: 'Page', invalid: 'Page must be a whole number from 1.' } },
            per_page: {
              type: 'integer',
              minimum: 1,
              maximum: 1000,
              default: 10,
              'x-text': { label: 'Page size', invalid: 'Page size must be a whole number from 1 to 1000.' },
            },
          },
        },
      },
    },
    async (req) => listKits(ctx, userOf(req).id, req.query.page, Math.min(req.query.per_page, MAX_PER_PAGE)),
  );

  app.put<{ Body: { id: number; auto_renew: boolean } }>(
    '/api/v1/starlink_kits/set_auto_renew',
    { preHandler, schema: { body: obj({ id: KIT_ID, auto_renew: { type: 'boolean', 'x-text': { label: 'Auto-renew', invalid: 'Auto-renew must be true or false.' } } }) } },
    async (req) => {
      const kit = await setAutoRenew(ctx, userOf(req).id, req.body.id, req.body.auto_renew);
      return { message: `Auto-renew ${kit.auto_renew ? 'enabled' : 'disabled'} successfully`, kit };
    },
  );

  app.put<{ Querystring: { id: number }; Body: { starlink_kit_address: { address: string } } }>(
    '/api/v1/starlink_kits/kit_address_change_request',
    {
      preHandler,
      schema: { querystring: obj({ id: KIT_ID }), body: wrapped('starlink_kit_address', obj({ address: ADDRESS })) },
    },
    async (req) => {
      const kit = await changeAddress(ctx, userOf(req).id, req.query.id, req.body.starlink_kit_address.address);
      return { message: 'Address updated successfully', kit };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/starlink_kits/:id',
    { preHandler, schema: { params: obj({ id: KIT_ID }) } },
    async (req) => ({ kit: await kitJson(ctx, userOf(req).id, req.params.id) }),
  );

  app.post<{ Params: { id: number } }>(
    '/api/v1/starlink_activates/:id/activate_kit',
    { preHandler, schema: { params: obj({ id: KIT_ID }) } },
    async (req) => {
      const { kit, renewal, isRenewal } = await chargeKit(ctx, userOf(req).id, req.params.id);
      return { message: isRenewal ? 'Renewal successful' : 'Activation successful', kit, renewal };
    },
  );

  app.get<{ Querystring: { kit_id: number } }>(
    '/api/v1/starlink_kit_renewals/user_kit_renewals',
    { preHandler, schema: { querystring: obj({ kit_id: KIT_ID }) } },
    async (req) => listRenewals(ctx, userOf(req).id, req.query.kit_id),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/starlink_kit_renewals/:id/download_pdf',
    { preHandler, schema: { params: obj({ id: id('Renewal id') }) } },
    async (req, reply) => {
      const r = await findRenewal(ctx, userOf(req).id, req.params.id);
      const pdf = await renderRenewalPdf({
        id: r.id,
        status: r.status,
        amount: toNum(r.amount),
        kitNumber: r.kit_number,
        serviceLineNumber: r.service_line_number,
        address: r.address,
        customerName: r.user_name,
        customerEmail: r.user_email,
        startDate: new Date(r.start_date),
        endDate: new Date(r.end_date),
        deadline: new Date(r.deadline),
        createdAt: new Date(r.created_at),
        paidAt: r.paid_at ? new Date(r.paid_at) : null,
      }, ctx.config.seller);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="renewal-${r.id}.pdf"`)
        .send(pdf);
    },
  );
}

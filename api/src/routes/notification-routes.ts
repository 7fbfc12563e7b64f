import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Ctx } from '../services/context';
import { dismissNotice, getPreferences, listNotices, MONEY_EVENT_TYPES, NOTICE_TYPES, setPreferences, type NoticeType } from '../services/notifications';
import { currentPrices } from '../services/prices';
import { requireUser, userOf } from './auth-hook';
import { AUTH, ERRORS } from './models';
import { id, TEXT, wrapped } from './schemas';

const tags = ['profile'];
const EVENT_TYPE = Type.Unsafe<NoticeType>({ type: 'string', enum: [...NOTICE_TYPES] });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const switchOf = () => Type.Boolean({ [TEXT]: { label: 'Setting', invalid: 'Each setting must be on (true) or off (false).' } });
const PREFERENCES = Type.Object(Object.fromEntries(MONEY_EVENT_TYPES.map((t) => [t, Type.Boolean()])) as Record<(typeof MONEY_EVENT_TYPES)[number], ReturnType<typeof Type.Boolean>>);
const PREFERENCES_ANSWER = Type.Object({ notification_preferences: PREFERENCES });

/**
 * Beyond spec section 7 (issue 37): the money events the customer was told about, as notices on /home, and which
 * types they want to be told about at all.
 */
export function notificationRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const preHandler = requireUser(ctx);

  app.get(
    '/api/v1/notifications',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        description:
          'What the customer was told by email and WhatsApp in the last 30 days, not dismissed and still true, newest first: a funding approved ' +
          'or declined, a renewal due within 3 days with the wallet short (`amount` to add), an auto-renewal paid or failed (`amount` short); ' +
          'with `kinds=all` also a plan price change (`amount` new, `old_amount`, `date` from when) and a kit review outcome (`kit_accepted`, ' +
          '`kit_declined` with `reason`). A notice no longer true (a renewal reminder once the kit is renewed or the wallet covers it, an auto-renew ' +
          'failure once its invoice is paid or the wallet covers it, a price change replaced) is withdrawn at this read. Each carries its words (`title`, `text`) and its ' +
          '`next_step` (`text`, and the portal `route` to act on, or null).',
        'x-addition': true,
        querystring: Type.Object({
          kinds: Type.Optional(
            Type.Unsafe<'money' | 'all'>({
              type: 'string',
              enum: ['money', 'all'],
              [TEXT]: { label: 'Kinds', invalid: 'Kinds must be money or all.' },
            }),
          ),
        }),
        response: {
          200: Type.Object({
            notifications: Type.Array(
              Type.Object({
                id: Type.Integer(),
                type: EVENT_TYPE,
                amount: Type.Number(),
                reference: Type.Union([Type.String(), Type.Null()]),
                kit_number: Type.Union([Type.String(), Type.Null()]),
                date: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
                created_at: Type.String({ format: 'date-time' }),
                kit_id: nullable(Type.Integer()),
                balance: nullable(Type.Number()),
                old_amount: nullable(Type.Number()),
                reason: nullable(Type.String()),
                title: Type.String(),
                text: Type.String(),
                next_step: Type.Object({ text: Type.String(), route: nullable(Type.String()) }),
              }),
            ),
          }),
          ...ERRORS,
        },
      },
    },
    async (req) => listNotices(ctx, userOf(req).id, req.query.kinds ?? 'money'),
  );

  app.get(
    '/api/v1/plan_price',
    {
      preHandler,
      schema: {
        tags: ['kits'],
        security: AUTH,
        description:
          'The plan price (NGN per 30-day period) in effect now, and the change to come, if one is scheduled: `scheduled.amount` from ' +
          '`scheduled.from` (a Lagos midnight). A period is charged the price in effect on the day it starts (a renewal: its renewal date).',
        'x-addition': true,
        response: {
          200: Type.Object({
            amount: Type.Number(),
            scheduled: nullable(Type.Object({ amount: Type.Number(), from: Type.String({ format: 'date-time' }) })),
          }),
          ...ERRORS,
        },
      },
    },
    async () => currentPrices(ctx),
  );

  app.post(
    '/api/v1/notifications/:id/dismiss',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        description: 'Hides a notice from /home (idempotent).',
        'x-addition': true,
        params: Type.Object({ id: id('Notification id') }),
        response: { 200: Type.Object({ id: Type.Integer(), dismissed: Type.Boolean() }), ...ERRORS },
      },
    },
    async (req) => dismissNotice(ctx, userOf(req).id, req.params.id),
  );

  app.get(
    '/api/v1/notification_preferences',
    {
      preHandler,
      schema: { tags, security: AUTH, description: 'Which money events the customer is told about (all on by default).', 'x-addition': true, response: { 200: PREFERENCES_ANSWER, ...ERRORS } },
    },
    async (req) => ({ notification_preferences: await getPreferences(ctx, userOf(req).id) }),
  );

  app.put(
    '/api/v1/notification_preferences',
    {
      preHandler,
      schema: {
        tags,
        security: AUTH,
        description: 'Turns event types on or off; types left out keep their setting. An event of a type turned off is neither sent nor shown.',
        'x-addition': true,
        body: wrapped(
          'notification_preferences',
          Object.fromEntries(MONEY_EVENT_TYPES.map((t) => [t, Type.Optional(switchOf())])) as Record<
            (typeof MONEY_EVENT_TYPES)[number],
            ReturnType<typeof Type.Optional<ReturnType<typeof switchOf>>>
          >,
        ),
        response: { 200: PREFERENCES_ANSWER, ...ERRORS },
      },
    },
    async (req) => ({ notification_preferences: await setPreferences(ctx, userOf(req).id, req.body.notification_preferences) }),
  );
}

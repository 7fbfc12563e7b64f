import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type TString } from 'typebox';
import { changeContact, type ProfileField } from '../services/contact-changes';
import type { Ctx } from '../services/context';
import { sendQueued } from '../services/messages';
import { checkCurrentPassword, serializeUser } from '../services/users';
import { confirmCode, sendCode } from '../services/verification';
import { bearerToken, requireUser, userOf } from './auth-hook';
import { AUTH, ERRORS, Message, ref, User } from './models';
import type { RateLimitConfig } from './rate-limits';
import { CODE, EMAIL, phone, str, wrapped } from './schemas';

const tags = ['profile'];
const CODE_QUERY = Type.Object({ code: CODE });
const USER_CHANGED = Type.Object({ message: Type.String(), user: ref(User) });
// Missing: "Current password is required." (the rule every required field follows).
const CURRENT_PASSWORD = str(1, 128, { label: 'Current password', invalid: 'Enter your current password to make this change.' });

export function userRoutes(fastify: FastifyInstance, ctx: Ctx, limits: RateLimitConfig) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const preHandler = requireUser(ctx);

  app.get(
    '/api/v1/starlink_users/check_confirmation_status',
    { preHandler, schema: { tags, security: AUTH, response: { 200: Type.Object({ email_verified: Type.Boolean() }), ...ERRORS } } },
    async (req) => ({ email_verified: userOf(req).email_verified }),
  );

  // Spec section 7: a code to the email or WhatsApp number on file, the same rules for both.
  const sendCodeRoute = (path: string, channel: 'email' | 'whatsapp', message: string) =>
    app.post(
      path,
      { preHandler, config: { rateLimit: limits.codes }, schema: { tags, security: AUTH, response: { 200: Message, ...ERRORS } } },
      async (req) => {
        await sendCode(ctx, userOf(req), channel);
        return { message };
      },
    );

  // Spec section 7: a code is confirmed by the signed-in customer, in the query, under the log-in's rate limit.
  const confirmCodeOptions = <S extends object>(schema: S) => ({
    preHandler,
    config: { rateLimit: limits.auth },
    schema: { tags, security: AUTH, ...schema, querystring: CODE_QUERY },
  });

  sendCodeRoute('/api/v1/email_confirmations', 'email', 'OTP sent to your email');

  app.put(
    '/api/v1/email_confirmations/confirm_user_email',
    confirmCodeOptions({ response: { 200: Type.Object({ message: Type.String(), email_verified: Type.Literal(true) }), ...ERRORS } }),
    async (req) => {
      await confirmCode(ctx, userOf(req), 'email', req.query.code.trim());
      return { message: 'Email verified successfully', email_verified: true as const };
    },
  );

  sendCodeRoute('/api/v1/whatsapp_confirmations', 'whatsapp', 'Verification code sent to your WhatsApp number');

  app.put(
    '/api/v1/whatsapp_confirmations/confirm_user_whatsapp',
    confirmCodeOptions({
      description: 'A wrong or expired code answers 422 with `success: false`.',
      response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String(), user: ref(User) }), ...ERRORS },
    }),
    async (req, reply) => {
      try {
        const user = await confirmCode(ctx, userOf(req), 'whatsapp', req.query.code.trim());
        return { success: true as const, message: 'WhatsApp number verified successfully', user: serializeUser(user) };
      } catch (err) {
        const e = err as { statusCode?: number; message: string; extra?: { error?: string } };
        if (e.statusCode !== 422) throw err;
        return reply.code(422).send({ success: false, message: e.message, error: e.extra?.error ?? e.message });
      }
    },
  );

  // Spec section 7: each change request carries its new value as starlink_user_profile {profile_param}; the path
  // says which field it is. Beyond the spec, the customer's current password comes with it: a stolen session token
  // alone changes no contact.
  const profileRoute = (path: string, field: ProfileField, schema: TString, message: string) =>
    app.put(
      `/api/v1/starlink_users/${path}`,
      {
        preHandler,
        schema: {
          tags,
          security: AUTH,
          description:
            'Beyond spec section 7: `current_password` is required (a missing one is 400, a wrong one 422 `Your current password is not correct.` ' +
            'and counts toward the account\'s log-in lock, 429 once locked). The old value, and the email on file, are told with a 7-day undo link.',
          body: wrapped('starlink_user_profile', { profile_param: schema, current_password: CURRENT_PASSWORD }),
          response: { 200: USER_CHANGED, ...ERRORS },
        },
      },
      async (req) => {
        const user = userOf(req);
        const { profile_param, current_password } = req.body.starlink_user_profile;
        await checkCurrentPassword(ctx, user, current_password);
        const change = await changeContact(ctx, user, field, profile_param, bearerToken(req) ?? undefined);
        // The change and its notices are committed together; the notices leave after the answer.
        await sendQueued(ctx, change.messageIds);
        return { message, user: serializeUser(change.user) };
      },
    );
  profileRoute('email_change_request', 'email', EMAIL, 'Email updated successfully');
  profileRoute('phone_number_change_request', 'phone_number', phone('Phone number'), 'Phone number updated successfully');
  profileRoute('whatsapp_number_change_request', 'whatsapp_number', phone('WhatsApp number'), 'WhatsApp number updated successfully');
}

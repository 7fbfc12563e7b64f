import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendLater, type Ctx } from '../services/context';
import { sendQueued } from '../services/messages';
import { login, requestPasswordReset, RESET_REQUEST_MESSAGE, resetPassword, revokeSession, serializeUser, signup } from '../services/users';
import { bearerToken, requireUser } from './auth-hook';
import { AUTH, ERRORS, Message, ref, User } from './models';
import { EMAIL, LOGIN_EMAIL, NORMALISE, PASSWORD, phone, str, trimmedMin, wrapped } from './schemas';
import type { RateLimitConfig } from './rate-limits';

const tags = ['auth'];
const SESSION = Type.Object({ message: Type.String(), user: ref(User), token: Type.String() });
const SIGNUP = wrapped('starlink_user', {
  email: EMAIL,
  password: PASSWORD,
  confirm_password: str(1, 128, { label: 'Password confirmation', invalid: 'Confirm your password.' }),
  phone_number: phone('Phone number'),
  name: str(2, 120, { label: 'Name', invalid: 'Enter your name (2 to 120 characters).' }, { ...trimmedMin(2), [NORMALISE]: 'name' }),
  whatsapp_number: phone('WhatsApp number'),
});

export function authRoutes(fastify: FastifyInstance, ctx: Ctx, limits: RateLimitConfig) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/v1/signup',
    {
      config: { rateLimit: limits.auth },
      schema: {
        tags,
        body: SIGNUP,
        response: { 201: SESSION, ...ERRORS },
      },
    },
    async (req, reply) => {
      const { user, token, messageIds } = await signup(ctx, req.body.starlink_user);
      await sendQueued(ctx, messageIds);
      return reply.code(201).send({ message: 'Sign up successful', user: serializeUser(user), token });
    },
  );

  app.post(
    '/api/v1/login',
    {
      config: { rateLimit: limits.auth },
      schema: {
        tags,
        body: wrapped('starlink_user', { email: LOGIN_EMAIL, password: str(1, 128, { label: 'Password', invalid: 'Enter your password.' }) }),
        response: { 200: SESSION, ...ERRORS },
      },
    },
    async (req) => {
      const { user, token } = await login(ctx, req.body.starlink_user.email, req.body.starlink_user.password);
      return { message: 'Login successful', user: serializeUser(user), token };
    },
  );

  app.post(
    '/api/v1/password_resets',
    { config: { rateLimit: limits.auth }, schema: { tags, body: Type.Object({ email: EMAIL }), response: { 200: Message, ...ERRORS } } },
    async (req) => {
      // Same answer, at the same speed, whether or not the account exists: the lookup and the email happen after
      // the answer has left (through the outbox queue), so neither timing nor a mail relay's failure tells.
      const email = req.body.email;
      await sendLater(ctx, 'password reset email', () => requestPasswordReset(ctx, email));
      return { message: RESET_REQUEST_MESSAGE };
    },
  );

  app.put(
    '/api/v1/password_resets/:token',
    {
      config: { rateLimit: limits.auth },
      schema: {
        tags,
        params: Type.Object({ token: str(1, 200, { label: 'Reset link', invalid: 'This reset link is invalid or has expired. Please request a new one.' }) }),
        body: Type.Object({ password: PASSWORD }),
        response: { 200: Message, ...ERRORS },
      },
    },
    async (req) => {
      await resetPassword(ctx, req.params.token, req.body.password);
      return { message: 'Password has been reset successfully' };
    },
  );

  app.post(
    '/api/v1/logout',
    {
      preHandler: requireUser(ctx),
      schema: {
        tags,
        security: AUTH,
        description: 'Not in spec section 7: the portal calls it on logout and clears its storage whatever the answer.',
        'x-addition': true,
        response: { 200: Message, ...ERRORS },
      },
    },
    async (req) => {
      await revokeSession(ctx, bearerToken(req)!);
      return { message: 'Logged out' };
    },
  );
}

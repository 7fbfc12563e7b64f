import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../services/context';
import { login, requestPasswordReset, RESET_REQUEST_MESSAGE, resetPassword, revokeSession, serializeUser, signup, type SignupInput } from '../services/users';
import { bearerToken, requireUser } from './auth-hook';
import { EMAIL, LOGIN_EMAIL, obj, PASSWORD, phone, str, wrapped } from './schemas';
import type { RateLimitConfig } from './rate-limits';

export function authRoutes(app: FastifyInstance, ctx: Ctx, limits: RateLimitConfig) {
  app.post<{ Body: { starlink_user: SignupInput } }>(
    '/api/v1/signup',
    {
      config: { rateLimit: limits.auth },
      schema: {
        body: wrapped(
          'starlink_user',
          obj(
            {
              email: EMAIL,
              password: PASSWORD,
              confirm_password: str(1, 128, { label: 'Password confirmation', invalid: 'Confirm your password.' }),
              phone_number: phone('Phone number'),
              name: str(2, 120, { label: 'Name', invalid: 'Enter your name (2 to 120 characters).' }),
              whatsapp_number: phone('WhatsApp number'),
            },
          ),
        ),
      },
    },
    async (req, reply) => {
      const { user, token } = await signup(ctx, req.body.starlink_user);
      return reply.code(201).send({ message: 'Sign up successful', user: serializeUser(user), token });
    },
  );

  app.post<{ Body: { starlink_user: { email: string; password: string } } }>(
    '/api/v1/login',
    {
      config: { rateLimit: limits.auth },
      schema: {
        body: wrapped('starlink_user', obj({ email: LOGIN_EMAIL, password: str(1, 128, { label: 'Password', invalid: 'Enter your password.' }) })),
      },
    },
    async (req) => {
      const { user, token } = await login(ctx, req.body.starlink_user.email, req.body.starlink_user.password);
      return { message: 'Login successful', user: serializeUser(user), token };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/v1/password_resets',
    { config: { rateLimit: limits.auth }, schema: { body: obj({ email: EMAIL }) } },
    async (req) => {
      await requestPasswordReset(ctx, req.body.email);
      // Same answer whether or not the account exists, so the endpoint cannot be used to probe emails.
      return { message: RESET_REQUEST_MESSAGE };
    },
  );

  app.put<{ Params: { token: string }; Body: { password: string; password_confirmation?: string } }>(
    '/api/v1/password_resets/:token',
    {
      config: { rateLimit: limits.auth },
      schema: {
        params: obj({ token: str(1, 200, { label: 'Reset link', invalid: 'This reset link is invalid or has expired. Please request a new one.' }) }),
        body: obj({ password: PASSWORD }),
      },
    },
    async (req) => {
      await resetPassword(ctx, req.params.token, req.body.password);
      return { message: 'Password has been reset successfully' };
    },
  );

  // Not in spec section 7: the portal calls it on logout and clears its storage whatever the answer.
  app.post('/api/v1/logout', { preHandler: requireUser(ctx) }, async (req) => {
    await revokeSession(ctx, bearerToken(req)!);
    return { message: 'Logged out' };
  });
}

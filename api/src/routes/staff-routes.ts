import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { HttpError } from '../lib/errors';
import type { Ctx } from '../services/context';
import {
  addStaff,
  authenticateStaff,
  completeEnrolment,
  listStaff,
  peekEnrolment,
  serializeStaff,
  signInStaff,
  signOutStaff,
  STAFF_IDLE_MS,
  staffActor,
  type StaffRow,
} from '../services/staff/accounts';
import { auditCsv, AUDIT_KINDS, listAudit, STAFF_ROLES, type StaffRole } from '../services/staff/audit';
import { customerDetail, findCustomers } from '../services/staff/customers';
import { changePrice, currentPrice } from '../services/staff/price';
import { kitsUnderReview, reviewKit } from '../services/staff/reviews';
import { approveTransfer, declineTransfer, FOUR_EYES_ABOVE, REASON_MAX, transfersAwaiting } from '../services/staff/transfers';
import { bearerToken } from './auth-hook';
import { ERRORS, ref, User } from './models';
import { id, LOGIN_EMAIL, str, trimmedMin } from './schemas';
import type { RateLimitConfig } from './rate-limits';

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffRow | null;
  }
}

const tags = ['staff'];
/** The staff session: a bearer token of its own kind (a customer's token is not one). */
const STAFF_AUTH = [{ staffAuth: [] }];

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DATE_TIME = Type.String({ format: 'date-time' });
const Role = Type.Unsafe<StaffRole>({ type: 'string', enum: [...STAFF_ROLES] });
const StaffMember = Type.Object({ id: Type.Integer(), email: Type.String(), role: Role, enrolled: Type.Boolean(), created_at: DATE_TIME });
const StaffSession = Type.Object({ staff: StaffMember, token: Type.String(), idle_minutes: Type.Integer() });
const Customer = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() });
const Funding = Type.Object({ reference: Type.String(), amount: Type.Number(), status: Type.String() });
const Anything = Type.Unknown();

const CODE = str(6, 6, { label: 'Code', invalid: 'Enter the 6 digits your authenticator app shows.' }, { pattern: '^\\s*[0-9]{6}\\s*$' });
const STAFF_PASSWORD = str(1, 128, { label: 'Password', invalid: 'Enter your password.' });
const REASON = str(1, REASON_MAX, { label: 'Reason', invalid: `Give the reason the customer will read (at most ${REASON_MAX} characters).` }, trimmedMin(1));
const TOKEN = Type.Object({ token: str(1, 200, { label: 'Enrolment link', invalid: 'This enrolment link is not valid.' }) });

/**
 * Who may call each route (api/README.md, "Staff"): every staff route checks the role on the server. Reading is open
 * to every role; deciding money and kits needs finance or admin; prices and staff need admin.
 */
const ANY: readonly StaffRole[] = STAFF_ROLES;
const DECIDES: readonly StaffRole[] = ['finance', 'admin'];
const ADMIN: readonly StaffRole[] = ['admin'];

const staffOf = (req: FastifyRequest): StaffRow => {
  if (!req.staff) throw new HttpError(401, 'Sign in again.');
  return req.staff;
};

/**
 * The staff calls, under /api/v1/staff. A call without a staff session, a customer's token among them, is answered as
 * an unknown address (404), before its body is read; a staff session that ended (30 idle minutes, 12 hours, signed
 * out) is a 401, so the staff screens can send their member to sign in again; a role that may not is a 403.
 */
export function staffRoutes(fastify: FastifyInstance, ctx: Ctx, limits: RateLimitConfig) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.decorateRequest('staff', null);

  const session = (roles: readonly StaffRole[]) => ({
    onRequest: async (req: FastifyRequest) => {
      const token = bearerToken(req);
      const found = token ? await authenticateStaff(ctx, token) : null;
      if (!found) throw new HttpError(404, `No route for ${req.method} ${req.url.split('?')[0]}`);
      if (found.state === 'ended') throw new HttpError(401, 'Your staff session has ended. Sign in again.', { error: 'Staff session ended' });
      if (!roles.includes(found.staff.role)) {
        throw new HttpError(403, `Your role (${found.staff.role}) cannot do this.`, { error: 'Not allowed for your role' });
      }
      req.staff = found.staff;
    },
  });
  const actorOf = (req: FastifyRequest) => staffActor(staffOf(req));
  /** Options of a staff route: a staff session with one of `roles`, documented with the staff bearer. */
  const staffOnly = <S extends object>(roles: readonly StaffRole[], schema: S) => ({ ...session(roles), schema: { tags, security: STAFF_AUTH, ...schema } });

  const sessionAnswer = (s: { staff: StaffRow | ReturnType<typeof serializeStaff>; token: string }) => ({
    staff: 'password_hash' in s.staff ? serializeStaff(s.staff) : s.staff,
    token: s.token,
    idle_minutes: STAFF_IDLE_MS / 60_000,
  });

  app.post(
    '/api/v1/staff/sessions',
    {
      config: { rateLimit: limits.auth },
      schema: {
        tags,
        description: 'Staff sign-in: password and a current authenticator (TOTP) code, each code once. Locked like a customer log-in.',
        body: Type.Object({ email: LOGIN_EMAIL, password: STAFF_PASSWORD, code: CODE }),
        response: { 201: StaffSession, ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send(sessionAnswer(await signInStaff(ctx, req.body.email, req.body.password, req.body.code))),
  );

  app.get(
    '/api/v1/staff/enrolments/:token',
    {
      config: { rateLimit: limits.auth },
      schema: {
        tags,
        description: "An enrolment link's page: who enrols, and the authenticator secret as an otpauth:// address and as text.",
        params: TOKEN,
        response: { 200: Type.Object({ email: Type.String(), role: Role, secret: Type.String(), otpauth_uri: Type.String() }), ...ERRORS },
      },
    },
    async (req) => peekEnrolment(ctx, req.params.token),
  );

  app.post(
    '/api/v1/staff/enrolments/:token',
    {
      config: { rateLimit: limits.auth },
      schema: {
        tags,
        description: 'Completes an enrolment (once): the password (12 characters at least) and a code from the new authenticator. Signs in.',
        params: TOKEN,
        body: Type.Object({ password: str(1, 128, { label: 'Password', invalid: 'Choose a password of 12 to 128 characters.' }), code: CODE }),
        response: { 201: StaffSession, ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send(sessionAnswer(await completeEnrolment(ctx, req.params.token, req.body.password, req.body.code))),
  );

  app.get(
    '/api/v1/staff/session',
    staffOnly(ANY, { description: 'Who is signed in.', response: { 200: Type.Object({ staff: StaffMember, idle_minutes: Type.Integer() }), ...ERRORS } }),
    async (req) => ({ staff: serializeStaff(staffOf(req)), idle_minutes: STAFF_IDLE_MS / 60_000 }),
  );

  app.delete(
    '/api/v1/staff/session',
    staffOnly(ANY, { description: 'Signs out: the token works no more.', response: { 200: Type.Object({ message: Type.String() }), ...ERRORS } }),
    async (req) => {
      await signOutStaff(ctx, staffOf(req), bearerToken(req)!);
      return { message: 'Signed out' };
    },
  );

  app.get(
    '/api/v1/staff/transfers',
    staffOnly(ANY, {
      description: `Transfers the customer said they made, oldest first. Above NGN ${FOUR_EYES_ABOVE.toLocaleString('en')} an approval needs a second person.`,
      response: {
        200: Type.Object({
          four_eyes_above: Type.Integer(),
          transfers: Type.Array(
            Type.Object({
              reference: Type.String(),
              amount: Type.Number(),
              said_paid_at: DATE_TIME,
              created_at: DATE_TIME,
              customer: Customer,
              needs_second_approval: Type.Boolean(),
              first_approval: nullable(Type.Object({ by: Type.String(), at: DATE_TIME })),
            }),
          ),
        }),
        ...ERRORS,
      },
    }),
    async () => ({ four_eyes_above: FOUR_EYES_ABOVE, transfers: await transfersAwaiting(ctx) }),
  );

  const REFERENCE = Type.Object({ reference: str(1, 40, { label: 'Reference', invalid: 'Enter a transfer reference.' }) });
  const DECISION = Type.Object({
    outcome: Type.Union([Type.Literal('approved'), Type.Literal('awaiting_confirmation'), Type.Literal('already_approved'), Type.Literal('declined'), Type.Literal('already_declined')]),
    funding: Funding,
  });

  app.post(
    '/api/v1/staff/transfers/:reference/approve',
    staffOnly(DECIDES, {
      description: 'Finance or admin. Credits the wallet once; above the four-eyes amount the first approval waits for a second, different person.',
      params: REFERENCE,
      response: { 200: DECISION, ...ERRORS },
    }),
    async (req) => approveTransfer(ctx, actorOf(req), req.params.reference),
  );

  app.post(
    '/api/v1/staff/transfers/:reference/decline',
    staffOnly(DECIDES, {
      description: 'Finance or admin. The reason is in the message the customer is sent.',
      params: REFERENCE,
      body: Type.Object({ reason: REASON }),
      response: { 200: DECISION, ...ERRORS },
    }),
    async (req) => declineTransfer(ctx, actorOf(req), req.params.reference, req.body.reason),
  );

  app.get(
    '/api/v1/staff/kits',
    staffOnly(ANY, {
      description: 'Kits held for review, oldest first.',
      response: {
        200: Type.Object({
          kits: Type.Array(
            Type.Object({ kit_number: Type.String(), address: Type.String(), company_name: nullable(Type.String()), created_at: DATE_TIME, customer: Customer }),
          ),
        }),
        ...ERRORS,
      },
    }),
    async () => ({ kits: await kitsUnderReview(ctx) }),
  );

  app.post(
    '/api/v1/staff/kits/:kit_number/review',
    staffOnly(DECIDES, {
      description: 'Finance or admin: accept a kit, or decline it with the reason the customer reads.',
      params: Type.Object({ kit_number: str(1, 40, { label: 'Kit number', invalid: 'Enter a kit number.' }) }),
      body: Type.Object({
        outcome: Type.Unsafe<'accepted' | 'declined'>({ type: 'string', enum: ['accepted', 'declined'], 'x-text': { label: 'Outcome', invalid: 'The outcome is accepted or declined.' } }),
        reason: Type.Optional(str(0, REASON_MAX, { label: 'Reason', invalid: `The reason must be at most ${REASON_MAX} characters.` })),
      }),
      response: { 200: Type.Object({ kit_number: Type.String(), status: Type.String() }), ...ERRORS },
    }),
    async (req) => {
      const moved = await reviewKit(ctx, actorOf(req), req.params.kit_number, req.body.outcome, req.body.reason);
      return { kit_number: moved.kit_number, status: moved.status };
    },
  );

  app.get(
    '/api/v1/staff/customers',
    staffOnly(ANY, {
      description: 'Customers by email, phone or WhatsApp number, kit number or transfer reference.',
      querystring: Type.Object({ q: str(1, 200, { label: 'Search', invalid: 'Enter an email, phone number, kit number or transfer reference.' }) }),
      response: { 200: Type.Object({ customers: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String(), phone_number: Type.String() })) }), ...ERRORS },
    }),
    async (req) => ({ customers: await findCustomers(ctx, req.query.q) }),
  );

  app.get(
    '/api/v1/staff/customers/:id',
    staffOnly(ANY, {
      description: 'One customer, read-only: wallet, fundings, statement (newest 20 lines), kits and the messages sent. The look is audited.',
      params: Type.Object({ id: id('Customer id') }),
      response: {
        200: Type.Object({
          customer: ref(User),
          wallet: Type.Object({ wallet_id: nullable(Type.String()), balance: Type.Number() }),
          fundings: Type.Array(Type.Object({ id: Type.Integer(), reference: Type.String(), amount: Type.Number(), status: Type.String(), created_at: DATE_TIME, decline_reason: nullable(Type.String()) })),
          statement: Type.Array(
            Type.Object({ id: Type.Integer(), kind: Type.String(), amount: Type.Number(), balance_after: Type.Number(), created_at: DATE_TIME, reference: nullable(Type.String()), kit_number: nullable(Type.String()) }),
          ),
          kits: Type.Array(
            Type.Object({ id: Type.Integer(), kit_number: Type.String(), status: Type.String(), auto_renew: Type.Boolean(), address: Type.String(), created_at: DATE_TIME, deadline: nullable(DATE_TIME) }),
          ),
          messages: Type.Array(
            Type.Object({ id: Type.Integer(), type: Type.String(), title: Type.String(), amount: Type.Number(), reference: nullable(Type.String()), kit_number: nullable(Type.String()), created_at: DATE_TIME, sent_at: nullable(DATE_TIME) }),
          ),
        }),
        ...ERRORS,
      },
    }),
    async (req) => customerDetail(ctx, actorOf(req), req.params.id),
  );

  app.get(
    '/api/v1/staff/price',
    staffOnly(ANY, {
      description: 'The plan price (NGN per 30 days) now, and the change to come (`scheduled`: `plan_price` from `from`, a Lagos midnight), or null.',
      response: {
        200: Type.Object({
          plan_price: Type.Number(),
          scheduled: Type.Union([Type.Object({ plan_price: Type.Number(), from: Type.String({ format: 'date-time' }) }), Type.Null()]),
        }),
        ...ERRORS,
      },
    }),
    async () => currentPrice(ctx),
  );

  app.put(
    '/api/v1/staff/price',
    staffOnly(ADMIN, {
      description:
        'Admin: a new plan price in whole naira from `from` (a Lagos day, YYYY-MM-DD), at least 7 days ahead unless `force`; without `from`, ' +
        'now, forced only. Every customer with a kit is told (email, WhatsApp, notice); a change still to come is replaced. 422 ' +
        '(`error: "Price not changed"`, `earliest_from` when the day is too soon) with the sentence to show.',
      body: Type.Object({
        plan_price: Type.Integer({ minimum: 1, maximum: 100_000_000, 'x-text': { label: 'Price', invalid: 'The price is a whole number of naira above 0.' } }),
        from: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', 'x-text': { label: 'From', invalid: 'Choose the day as YYYY-MM-DD.' } })),
        force: Type.Optional(Type.Boolean({ 'x-text': { label: 'Force', invalid: 'Force is true or false.' } })),
      }),
      response: {
        200: Type.Object({
          plan_price: Type.Number(),
          from: Type.String({ format: 'date-time' }),
          old_price: Type.Number(),
          told: Type.Integer(),
          forced: Type.Boolean(),
          message: Type.String(),
        }),
        ...ERRORS,
      },
    }),
    async (req) => changePrice(ctx, actorOf(req), { amount: req.body.plan_price, from: req.body.from, force: req.body.force }),
  );

  const AUDIT_QUERY = Type.Object({
    actor: Type.Optional(Type.String({ maxLength: 320 })),
    customer: Type.Optional(Type.String({ maxLength: 320 })),
    kind: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: ['', ...AUDIT_KINDS] })),
    before: Type.Optional(id('Before')),
  });
  const AuditRow = Type.Object({
    id: Type.Integer(),
    at: DATE_TIME,
    actor: Type.String(),
    role: nullable(Type.String()),
    kind: Type.String(),
    customer_id: nullable(Type.Integer()),
    customer_email: nullable(Type.String()),
    subject: nullable(Type.String()),
    before: Anything,
    after: Anything,
    reason: nullable(Type.String()),
  });
  const AUDIT_PAGE = 50;

  app.get(
    '/api/v1/staff/audit',
    staffOnly(DECIDES, {
      description: `Finance or admin: every staff and command-line action, newest first, ${AUDIT_PAGE} a page (before: the last id seen). Append-only: no call changes a row.`,
      querystring: AUDIT_QUERY,
      response: { 200: Type.Object({ entries: Type.Array(AuditRow), kinds: Type.Array(Type.String()), next_before: nullable(Type.Integer()) }), ...ERRORS },
    }),
    async (req) => {
      const entries = await listAudit(ctx, { ...req.query, beforeId: req.query.before, limit: AUDIT_PAGE });
      return { entries, kinds: [...AUDIT_KINDS], next_before: entries.length === AUDIT_PAGE ? entries[entries.length - 1]!.id : null };
    },
  );

  app.get(
    '/api/v1/staff/audit.csv',
    staffOnly(DECIDES, {
      description: 'Finance or admin: every row the same filters select, as CSV (audit-log.csv).',
      querystring: AUDIT_QUERY,
      response: { 200: { description: 'The rows as CSV', content: { 'text/csv': { schema: Type.String() } } }, ...ERRORS },
    }),
    async (req, reply) => {
      const rows = await listAudit(ctx, { ...req.query, beforeId: req.query.before });
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="audit-log.csv"').send(auditCsv(rows));
    },
  );

  app.get(
    '/api/v1/staff/members',
    staffOnly(ADMIN, { description: 'Admin: the staff.', response: { 200: Type.Object({ staff: Type.Array(StaffMember) }), ...ERRORS } }),
    async () => ({ staff: await listStaff(ctx) }),
  );

  app.post(
    '/api/v1/staff/members',
    staffOnly(ADMIN, {
      description: 'Admin: a new staff member and their one-time enrolment link (24 hours), as `staff add` prints it.',
      body: Type.Object({ email: LOGIN_EMAIL, role: Type.Unsafe<StaffRole>({ type: 'string', enum: [...STAFF_ROLES], 'x-text': { label: 'Role', invalid: 'The role is support, finance or admin.' } }) }),
      response: { 201: Type.Object({ staff: StaffMember, enrolment_link: Type.String(), expires_at: DATE_TIME }), ...ERRORS },
    }),
    async (req, reply) => reply.code(201).send(await addStaff(ctx, actorOf(req), req.body.email, req.body.role)),
  );
}

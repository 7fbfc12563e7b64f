import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../lib/errors';
import type { Ctx } from '../services/context';
import { peekRevert, revertContactChange, type RevertInfo, type RevertOutcome } from '../services/contact-changes';
import { sendQueued } from '../services/messages';
import { ERRORS, Message } from './models';
import type { RateLimitConfig } from './rate-limits';
import { str } from './schemas';

const tags = ['profile'];
const PARAMS = Type.Object({ token: str(1, 200, { label: 'Link', invalid: 'This link is invalid, has expired or was already used.' }) });
const FIELD_NAME: Record<RevertInfo['field'], string> = { email: 'email address', phone_number: 'phone number', whatsapp_number: 'WhatsApp number' };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A minimal page for a person who opened the link from a notice: no script, one button, readable on a phone. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const wantsHtml = (req: FastifyRequest) => /text\/html/.test(req.headers.accept ?? '');

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    // The page runs nothing and posts only to itself; no other site may frame it.
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}

/** The page for a link that cannot be used (invalid, expired or used), with the error's status. */
const refusedPage = (reply: FastifyReply, err: HttpError) =>
  sendPage(reply, err.statusCode, page('This link cannot be used', `<p>${escapeHtml(err.message)}</p>`));

const doneMessage = (r: RevertOutcome) =>
  `Your ${FIELD_NAME[r.field]} is ${r.old_value} again and every device has been signed out. ` +
  (r.resetSentTo
    ? `We emailed a link to choose a new password to ${r.resetSentTo}.`
    : 'Your password no longer works: undo the email change too, with the link sent to your old email address, to get a link to choose a new one.');

const FIELD = Type.Unsafe<RevertInfo['field']>({ type: 'string', enum: ['email', 'phone_number', 'whatsapp_number'] });
const VIEW = Type.Object({
  field: FIELD,
  old_value: Type.String(),
  new_value: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
  message: Type.String(),
});

/**
 * What an undo link does (not in spec section 7). The link in a notice is the portal's page
 * (`{PORTAL_URL}/undo-contact-change?token=…`), which reads `GET` here as JSON (what it would put back, or why it
 * cannot) and calls `POST` on the customer's click; GET never acts, so a mail scanner fetching links changes nothing.
 * Links mailed before the page moved (`…/api/v1/contact_reverts/{token}`) still work in a browser: GET with
 * `Accept: text/html` answers this page of its own, whose button posts here.
 */
export function revertRoutes(fastify: FastifyInstance, ctx: Ctx, limits: RateLimitConfig) {
  return fastify.register(async (scope) => {
    // The page's button posts an empty form; its body carries nothing the route reads.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    // GET and POST serve one link: the same limit and parameter, both beyond the spec.
    const linkRoute = <R>(description: string, response: R) => ({
      config: { rateLimit: limits.auth },
      schema: { tags, 'x-addition': true, description, params: PARAMS, response },
    });

    app.get(
      '/api/v1/contact_reverts/:token',
      linkRoute(
        'Not in spec section 7: what the undo link of a contact-change notice would put back, without acting: `field`, `old_value` (put back), ' +
          '`new_value` (replaced), `expires_at` and a `message` to show. 422 (`error: "Invalid or expired revert link"`) when the link is ' +
          'invalid, expired or used. With `Accept: text/html` (a link mailed before the portal had its page) a page of its own with a button.',
        {
          200: {
            description: 'What the link would undo (JSON), or its page (HTML)',
            content: { 'application/json': { schema: VIEW }, 'text/html': { schema: Type.String() } },
          },
          ...ERRORS,
        },
      ),
      async (req, reply) => {
        if (!wantsHtml(req)) {
          const r = await peekRevert(ctx, req.params.token);
          return { ...r, message: `Put ${r.old_value} back as your ${FIELD_NAME[r.field]}, in place of ${r.new_value}? Every device will be signed out.` };
        }
        try {
          const r = await peekRevert(ctx, req.params.token);
          return sendPage(
            reply,
            200,
            page(
              `Put your old ${FIELD_NAME[r.field]} back?`,
              `<p>Your account's ${FIELD_NAME[r.field]} was changed to <strong>${escapeHtml(r.new_value)}</strong>. If you did not do this, ` +
                `put <strong>${escapeHtml(r.old_value)}</strong> back. Every device will be signed out.</p>` +
                `<form method="post"><button type="submit">Put ${escapeHtml(r.old_value)} back</button></form>`,
            ),
          );
        } catch (err) {
          if (err instanceof HttpError) return refusedPage(reply, err);
          throw err;
        }
      },
    );

    app.post(
      '/api/v1/contact_reverts/:token',
      linkRoute(
        'Not in spec section 7: puts the old value of a contact change back (single use, valid 7 days), ends every session of the account, voids the password and every reset link, and mails a link to choose a new password. 422 when the link is invalid, expired or used.',
        { 200: Message, ...ERRORS },
      ),
      async (req, reply) => {
        try {
          const outcome = await revertContactChange(ctx, req.params.token);
          await sendQueued(ctx, outcome.messageIds);
          const message = doneMessage(outcome);
          return wantsHtml(req) ? sendPage(reply, 200, page('Done', `<p>${escapeHtml(message)}</p>`)) : { message };
        } catch (err) {
          if (err instanceof HttpError && wantsHtml(req)) return refusedPage(reply, err);
          throw err;
        }
      },
    );
  });
}

import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { MODELS } from './models';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/**
 * Collects every route's schemas into one OpenAPI 3.1 document (served at OPENAPI_PATH). Register it before the
 * routes: it records each route as it is added.
 */
export async function registerContract(app: FastifyInstance) {
  for (const model of MODELS) app.addSchema(model);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Starlink kit portal API',
        version: '1.0.0',
        description:
          'The calls of spec section 7, plus POST /api/v1/logout, the charge quote (`/api/v1/starlink_kits/{id}/charge_quote`), the wallet statement (`/api/v1/starlink_wallet_transactions`) and its monthly PDF (`/api/v1/starlink_wallet_transactions/statement_pdf`), the money notices and their settings (`/api/v1/notifications`, `/api/v1/notification_preferences`), the revert link of a contact-change notice (`/api/v1/contact_reverts/{token}`) and the error and Web Vitals reports of browsers (`/api/v1/client_reports`), each marked `x-addition: true`. Two spec calls take a field beyond section 7: the contact changes require `current_password`, and a charge (`activate_kit`) may carry `expected_amount` (409 with the current `quote` when the price differs).',
      },
      tags: [
        { name: 'auth' },
        { name: 'kits' },
        { name: 'wallet' },
        { name: 'profile' },
        { name: 'health' },
        // The reseller's staff (api/README.md, "Staff"): not the customer's portal, their own session.
        { name: 'staff' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          staffAuth: { type: 'http', scheme: 'bearer', description: 'A staff session (POST /api/v1/staff/sessions); a customer token is not one.' },
        },
      },
    },
    // Registered models keep their $id as the component name, so generated types are named after them.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

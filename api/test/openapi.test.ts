import { createConfig, lintFromString } from '@redocly/openapi-core';
import { contractApp } from '../src/contract-app';
import { OPENAPI_PATH } from '../src/routes/openapi';

/** Spec section 7, row by row (the three profile changes are one row there). */
const SECTION_7: [string, string][] = [
  ['post', '/api/v1/signup'],
  ['post', '/api/v1/login'],
  ['post', '/api/v1/password_resets'],
  ['put', '/api/v1/password_resets/{token}'],
  ['get', '/api/v1/starlink_kits/check_kit_number'],
  ['post', '/api/v1/starlink_kits'],
  ['get', '/api/v1/starlink_kits'],
  ['get', '/api/v1/starlink_kits/{id}'],
  ['put', '/api/v1/starlink_kits/set_auto_renew'],
  ['put', '/api/v1/starlink_kits/kit_address_change_request'],
  ['post', '/api/v1/starlink_activates/{id}/activate_kit'],
  ['get', '/api/v1/starlink_kit_renewals/user_kit_renewals'],
  ['get', '/api/v1/starlink_kit_renewals/{id}/download_pdf'],
  ['get', '/api/v1/starlink_user_wallet'],
  ['get', '/api/v1/starlink_wallet_fundings'],
  ['post', '/api/v1/starlink_wallet_fundings'],
  ['put', '/api/v1/starlink_wallet_fundings/confirm_request'],
  ['get', '/api/v1/starlink_users/check_confirmation_status'],
  ['post', '/api/v1/email_confirmations'],
  ['put', '/api/v1/email_confirmations/confirm_user_email'],
  ['post', '/api/v1/whatsapp_confirmations'],
  ['put', '/api/v1/whatsapp_confirmations/confirm_user_whatsapp'],
  ['put', '/api/v1/starlink_users/email_change_request'],
  ['put', '/api/v1/starlink_users/phone_number_change_request'],
  ['put', '/api/v1/starlink_users/whatsapp_number_change_request'],
];

interface Operation {
  tags?: string[];
  'x-operator'?: boolean;
  'x-addition'?: boolean;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
interface Schema {
  $ref?: string;
  required?: string[];
  properties?: Record<string, Schema>;
}
type WithBody = Operation & { requestBody?: { content?: Record<string, { schema?: Schema }> } };

describe(`OpenAPI document at ${OPENAPI_PATH}`, () => {
  let body = '';
  let document: Document;
  beforeAll(async () => {
    const { app, close } = await contractApp();
    try {
      const response = await app.inject({ method: 'GET', url: OPENAPI_PATH });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      body = response.body;
      document = JSON.parse(body) as Document;
    } finally {
      await close();
    }
  });

  it('is a structurally valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const config = await createConfig({ rules: { struct: 'error', 'no-unresolved-refs': 'error' } });
    const problems = await lintFromString({ source: body, absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it.each(SECTION_7)('has %s %s, answering JSON errors', (method, path) => {
    const operation = document.paths[path]?.[method];
    expect(operation).toBeDefined();
    expect(operation!['x-operator']).toBeUndefined();
    expect(Object.keys(operation!.responses ?? {})).toEqual(expect.arrayContaining(['4XX', '5XX']));
  });

  it('declares a success response for every call, so the serialiser sends only the fields it names', () => {
    const undeclared = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !Object.keys(op.responses ?? {}).some((status) => /^2\d\d$/.test(status)))
        .map(([method]) => `${method} ${path}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('has the logout addition, with the bearer session', () => {
    expect(document.paths['/api/v1/logout']?.post?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('leaves the operator surface out of the public document', () => {
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/operator'))).toEqual([]);
    expect(body).not.toMatch(/operator/i);
  });

  it('has the undo of a contact change, a read (GET) and the action (POST), marked as additions', () => {
    const ops = document.paths['/api/v1/contact_reverts/{token}'];
    // JSON for the portal's undo page; HTML for a link mailed before the page moved to the portal.
    expect(Object.keys(ops?.get?.responses?.['200']?.content ?? {})).toEqual(['application/json', 'text/html']);
    expect(Object.keys(ops?.post?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
    expect(ops?.get?.['x-addition']).toBe(true);
    expect(ops?.post?.['x-addition']).toBe(true);
  });

  it('has the charge quote addition, with the bearer session and the price fields the portal confirms', () => {
    const quote = document.paths['/api/v1/starlink_kits/{id}/charge_quote']?.get;
    expect(quote?.security).toEqual([{ bearerAuth: [] }]);
    const ref = (quote?.responses?.['200']?.content?.['application/json'] as { schema?: Schema })?.schema?.$ref;
    expect(ref).toBe('#/components/schemas/ChargeQuote');
    expect(document.components.schemas.ChargeQuote?.required).toEqual(expect.arrayContaining(['action', 'amount', 'balance', 'balance_after', 'amount_due', 'period_start', 'period_end']));
  });

  it('has the browser reports addition: no bearer session, a bounded batch, and no field that could carry personal data', () => {
    const reports = document.paths['/api/v1/client_reports']?.post as Operation & { requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> } };
    expect(reports?.['x-addition']).toBe(true);
    expect(reports?.security).toBeUndefined();
    expect(Object.keys(reports?.responses ?? {})).toEqual(expect.arrayContaining(['204', '4XX', '5XX']));
    const body = reports?.requestBody?.content?.['application/json']?.schema as {
      properties: { reports: { maxItems: number; items: { properties: Record<string, unknown>; additionalProperties: boolean } } };
    };
    expect(body.properties.reports.maxItems).toBe(50);
    expect(body.properties.reports.items.additionalProperties).toBe(false);
    expect(Object.keys(body.properties.reports.items.properties).sort()).toEqual(['app', 'kind', 'name', 'release', 'route', 'value']);
  });

  it('has the money notices and their settings as additions, with the bearer session', () => {
    const ops = [
      document.paths['/api/v1/notifications']?.get,
      document.paths['/api/v1/notifications/{id}/dismiss']?.post,
      document.paths['/api/v1/notification_preferences']?.get,
      document.paths['/api/v1/notification_preferences']?.put,
    ];
    for (const op of ops) {
      expect(op?.['x-addition']).toBe(true);
      expect(op?.security).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('documents the fields beyond section 7: the current password of a contact change, the expected amount of a charge', () => {
    const bodyOf = (path: string, method: string) => (document.paths[path]?.[method] as WithBody)?.requestBody?.content?.['application/json']?.schema;
    for (const field of ['email', 'phone_number', 'whatsapp_number']) {
      const profile = bodyOf(`/api/v1/starlink_users/${field}_change_request`, 'put')?.properties?.starlink_user_profile;
      expect(profile?.required).toEqual(['profile_param', 'current_password']);
    }
    const charge = bodyOf('/api/v1/starlink_activates/{id}/activate_kit', 'post');
    expect(Object.keys(charge?.properties ?? {})).toEqual(['expected_amount']);
    expect(charge?.required).toBeUndefined();
    expect(document.components.schemas.ErrorBody?.properties?.quote).toEqual({ $ref: '#/components/schemas/ChargeQuote' });
  });

  it('has the additions of issue 47: the plan price, the statement months, notices of every kind when asked', () => {
    for (const path of ['/api/v1/plan_price', '/api/v1/starlink_wallet_transactions/statement_months']) {
      expect(document.paths[path]?.get?.['x-addition']).toBe(true);
      expect(document.paths[path]?.get?.security).toEqual([{ bearerAuth: [] }]);
    }
    const notices = document.paths['/api/v1/notifications']?.get as Operation & { parameters?: { name: string; in: string }[] };
    expect(notices.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['query kinds']);
    expect(document.components.schemas.Kit?.required).toContain('renewal_price');
  });

  it('describes the renewal PDF as a binary download', () => {
    const ok = document.paths['/api/v1/starlink_kit_renewals/{id}/download_pdf']?.get?.responses?.['200'];
    expect(Object.keys(ok?.content ?? {})).toEqual(['application/pdf']);
  });
});

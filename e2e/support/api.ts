/**
 * Talking to the reference API behind the portal under test: fresh customers, the operator's actions
 * (crediting a funding, moving a kit through review) and the outbox where codes and links land.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { components, paths } from 'shared-api/api-schema';
import { API_URL, E2E_DATA_DIR } from './env';

/** The reference API's own answers, typed from its OpenAPI document. */
type Schemas = components['schemas'];
type Json<P extends keyof paths, M extends 'post' | 'put', Status extends number> = paths[P][M] extends {
  responses: { [S in Status]: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

export interface Customer {
  email: string;
  password: string;
  name: string;
  token: string;
  user: Schemas['User'];
}

async function call<T>(method: string, pathname: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${API_URL}${pathname}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Origin: 'http://localhost:3100',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : {};
  if (!response.ok) throw new Error(`${method} ${pathname} -> ${response.status} ${text}`);
  return data as T;
}

export const api = {
  get: <T>(pathname: string, token: string) => call<T>('GET', pathname, undefined, token),
  post: <T>(pathname: string, body: unknown, token?: string) => call<T>('POST', pathname, body, token),
  put: <T>(pathname: string, body: unknown, token?: string) => call<T>('PUT', pathname, body, token),
};

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A new customer straight through the API, for tests that are not about signing up. */
export async function createCustomer(overrides: Partial<{ email: string; password: string; name: string }> = {}): Promise<Customer> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'secret123';
  const name = overrides.name ?? 'Test Customer';
  // A number of their own, so parallel tests never read each other's WhatsApp codes from the outbox.
  const phone = `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const data = await api.post<Json<'/api/v1/signup', 'post', 201>>('/api/v1/signup', {
    starlink_user: {
      email,
      password,
      confirm_password: password,
      name,
      phone_number: phone,
      whatsapp_number: phone,
    },
  });
  return { email, password, name, token: data.token, user: data.user };
}

/** Fills the login form the page shows and sends it, as a customer would. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Stores this customer's session in the portal's origin: the spec's `token` and `userData` in local storage. */
export async function storeSession(page: Page, customer: Customer): Promise<void> {
  await page.goto('/login');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userData', user);
    },
    [customer.token, JSON.stringify(customer.user)] as const,
  );
}

/**
 * Stores this customer's session before the first script of every page runs, on an empty cache: the session a
 * returning customer opens a page with.
 */
export async function storeSessionBeforeScripts(page: Page, customer: Customer): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userData', user);
    },
    [customer.token, JSON.stringify(customer.user)] as const,
  );
}

/** Open the portal as this customer. */
export async function signInBrowser(page: Page, customer: Customer, at = '/home'): Promise<void> {
  await storeSession(page, customer);
  await page.goto(at);
}

function operatorToken(): string {
  return (process.env.OPERATOR_TOKEN ?? fs.readFileSync(path.join(E2E_DATA_DIR, 'operator-token'), 'utf8')).trim();
}

/**
 * The commands of the API's `OperatorCommandSchema` (api/src/services/operator.ts) the tests use. The operator
 * surface is not in the public OpenAPI document, so it is written out here; a shape the API does not know is a 400.
 */
export type OperatorCommand =
  | { cmd: 'kit'; kitNumber: string; status: string; reason?: string }
  | { cmd: 'demo-due'; kitNumber: string }
  | { cmd: 'funding'; decision: 'approve' | 'decline'; reference: string }
  | { cmd: 'fundings' | 'price-get' | 'seed' | 'sweep' | 'users' }
  | { cmd: 'price-set'; amount: number; from?: string; force?: boolean }
  | { cmd: 'release-health'; app: string };

/** What the operator command line does, through the running server (the embedded DB has one owner). */
export async function operator<T = unknown>(command: OperatorCommand): Promise<T> {
  const response = await fetch(`${API_URL}/operator/command`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Operator-Token': operatorToken() },
    body: JSON.stringify(command),
  });
  const data = (await response.json()) as { result: T; message?: string };
  if (!response.ok) throw new Error(`operator ${command.cmd}: ${response.status} ${data.message ?? ''}`);
  return data.result;
}

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'whatsapp';
  to: string;
  subject?: string;
  body: string;
  code?: string;
  link?: string;
  created_at: string;
}

export function readOutbox(): OutboxMessage[] {
  const file = path.join(E2E_DATA_DIR, 'outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/**
 * The newest message to `to` on `channel` created at `since` or later (with a code, when `withCode`), waiting for it to
 * arrive: the API sends its messages after it has answered, so an earlier one (the sign-up's welcome) can still be the
 * newest for a moment.
 */
export async function latestMessage(
  to: string,
  channel: OutboxMessage['channel'],
  { since = new Date(0), timeoutMs = 10_000, withCode = false }: { since?: Date; timeoutMs?: number; withCode?: boolean } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox()
      .filter((m) => m.to === to && m.channel === channel && new Date(m.created_at) >= since && (!withCode || m.code))
      .pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${channel} message to ${to} since ${since.toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Put money in a customer's wallet the way production does: a funding, confirmed, approved by the operator. */
/** A funding the customer has started and not yet confirmed (its row in /billing offers Confirm). */
export async function createFunding(customer: Pick<Customer, 'token'>, amount: number) {
  const wallet = await api.get<Schemas['Wallet']>('/api/v1/starlink_user_wallet', customer.token);
  const { funding } = await api.post<Json<'/api/v1/starlink_wallet_fundings', 'post', 201>>(
    '/api/v1/starlink_wallet_fundings',
    { starlink_wallet_funding: { starlink_user_wallet_id: wallet.id, amount, payment_method: 'offline' } },
    customer.token,
  );
  return funding;
}

/** A transfer of `amount` the customer says they made, not yet approved by the operator. */
export async function sentAwaitingConfirmation(customer: Pick<Customer, 'token'>, amount: number) {
  const funding = await createFunding(customer, amount);
  await api.put(`/api/v1/starlink_wallet_fundings/confirm_request?id=${funding.id}`, { starlink_wallet_funding: { paid: 'yes' } }, customer.token);
  return funding;
}

export async function fundWallet(customer: Customer, amount: number): Promise<void> {
  const funding = await sentAwaitingConfirmation(customer, amount);
  await operator({ cmd: 'funding', decision: 'approve', reference: funding.reference });
}

/** Register a kit for a customer through the API (11-digit NIN, as the reference API requires). */
export async function createKit(customer: Customer, kitNumber = `KIT-${randomUUID().slice(0, 8).toUpperCase()}`) {
  const data = await api.post<Json<'/api/v1/starlink_kits', 'post', 201>>(
    '/api/v1/starlink_kits',
    { kit_number: kitNumber, address: '12 Marina Road, Lagos', nin: '12345678901', company_name: '', company_number: '' },
    customer.token,
  );
  return data.kit;
}

/** A kit registered and activated from a wallet funded for it (its card then links to its dashboard: Manage). */
export async function createActiveKit(customer: Customer) {
  const kit = await createKit(customer);
  // Above any kit price the reference API seeds.
  await fundWallet(customer, 200_000);
  await api.post(`/api/v1/starlink_activates/${kit.id}/activate_kit`, {}, customer.token);
  return kit;
}

/** A kit the operator reviewed and accepted: its next step is Activate. */
export async function createAcceptedKit(customer: Customer) {
  const kit = await createKit(customer);
  await operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'accepted' });
  return kit;
}

/** A customer whose email is already verified, so the email dialog stays out of the way. */
export async function verifyEmail(customer: Customer): Promise<Customer> {
  const since = new Date();
  await api.post('/api/v1/email_confirmations', {}, customer.token);
  const { code } = await latestMessage(customer.email, 'email', { since, withCode: true });
  await api.put(`/api/v1/email_confirmations/confirm_user_email?code=${code}`, {}, customer.token);
  return customer;
}

/**
 * The reseller's staff in the tests: members added with the operator command line as a person runs it, enrolled and
 * signed in through the staff area's pages, with codes from the TOTP library the API itself uses.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { expect, type Browser, type Page } from '@playwright/test';
import { API_URL, E2E_DATA_DIR } from './env';

const root = path.resolve(__dirname, '..', '..');

export type StaffRole = 'support' | 'finance' | 'admin';

export interface StaffMember {
  email: string;
  role: StaffRole;
  password: string;
  /** The authenticator's secret, as the enrolment page shows it. */
  secret: string;
  page: Page;
}

export const uniqueStaffEmail = (role: StaffRole) => `${role}-${randomUUID().slice(0, 8)}@reseller.example`;

/**
 * `npm run operator -w api -- staff add <email> <role>`, as a person runs it beside the API (it reaches the running
 * server through the data folder's server file and operator token): the enrolment link it prints.
 */
export function staffAdd(email: string, role: StaffRole): string {
  const result = spawnSync('npm', ['run', '--silent', 'operator', '-w', 'api', '--', 'staff', 'add', email, role], {
    cwd: root,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
  const output = `${result.stdout}${result.stderr}`;
  expect(result.status, output).toBe(0);
  expect(output).toContain(`Staff member ${email} (${role}) added.`);
  const link = /^(https?:\/\/\S+\/staff\/enrol\?token=\S+)$/m.exec(output)?.[1];
  if (!link) throw new Error(`staff add printed no enrolment link:\n${output}`);
  return link;
}

/** What an authenticator app shows for `secret` at `at` (RFC 6238: SHA-1, 6 digits, 30 s), as the API computes it. */
export function totpCode(secret: string, at: number = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/**
 * A code the API has not taken yet: each code works once, and so does every older one. The API accepts the next
 * step's code too (a phone's clock a little ahead), so the next step's code is new however recently one was used.
 */
export const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

/** Opens the enrolment link in a browser of the member's own, reads the authenticator's key and finishes the set-up. */
export async function enrol(browser: Browser, link: string, email: string, role: StaffRole): Promise<StaffMember> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your staff account' })).toBeVisible();
  await expect(page.getByText(`You are enrolling ${email} as ${role}.`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('[data-secret]').getAttribute('data-secret'))!;
  // The key as text is the same secret, in groups of four for typing.
  await expect(page.locator('[data-secret]')).toHaveText(secret.replace(/(.{4})/g, '$1 ').trim());
  const password = `staff-${randomUUID()}`;
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers awaiting approval' })).toBeVisible();
  return { email, role, password, secret, page };
}

/** `staff add` and enrolment: a member signed in, in a browser of their own. */
export async function addAndEnrol(browser: Browser, role: StaffRole): Promise<StaffMember> {
  const email = uniqueStaffEmail(role);
  return enrol(browser, staffAdd(email, role), email, role);
}

/** Signs in at /staff/login with the password and a fresh code. */
export async function staffSignIn(member: StaffMember): Promise<void> {
  const { page } = member;
  await page.goto('/staff/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('textbox', { name: /Authenticator code/ }).fill(nextCode(member.secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The member's staff token, from the area's own storage key (never the customer's `token`). */
export async function staffToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('portal_staff_session'));
  return (JSON.parse(stored!) as { token: string }).token;
}

/** A staff call straight to the API with `token`: its status and JSON body. */
export async function staffCall(method: string, pathname: string, token: string | null, body?: unknown) {
  const response = await fetch(`${API_URL}${pathname}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json as Record<string, unknown> };
}

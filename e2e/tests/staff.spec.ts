import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { api, createCustomer, latestMessage, sentAwaitingConfirmation, signInBrowser, verifyEmail, type Customer } from '../support/api';
import { REMOTE_URLS } from '../support/env';
import { markPage } from '../support/releases';
import { expectNoAxeViolations, expectTargetsAtLeast24px, PHONE, sidewaysOverflow } from '../support/a11y';
import { addAndEnrol, enrol, staffAdd, staffCall, staffSignIn, staffToken, uniqueStaffEmail } from '../support/staff';

// The reseller's staff area (mfe-operator, issue 51) against the real build and API: staff added from the command
// line, enrolled and signed in with TOTP at the portal, deciding the transfers customers make.

/** A transfer the customer made and said they paid (it waits for staff): its reference. */
async function transferSaidPaid(customer: Customer, amount: number): Promise<string> {
  return (await sentAwaitingConfirmation(customer, amount)).reference;
}

const transferRow = (page: Page, reference: string) =>
  page.getByRole('table', { name: 'Transfers the customer said they made' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: reference }) });

const balanceOf = async (customer: Customer) => (await api.get<{ balance: number }>('/api/v1/starlink_user_wallet', customer.token)).balance;

/** The tab comes back to the front: what SWR reads again on focus (the page is not reloaded). */
const tabComesBack = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

test('a finance member added by `staff add` enrols, signs in with password and TOTP, approves a transfer, and the customer’s open /home shows the credit and its notice without a reload; each step is audited', async ({
  page,
  browser,
  customer,
}) => {
  test.setTimeout(180_000);
  await verifyEmail(customer);
  const reference = await transferSaidPaid(customer, 75_000);
  await signInBrowser(page, customer, '/home');
  const balance = page.getByRole('region', { name: 'Wallet balance' });
  await expect(balance.getByText('NGN 0', { exact: true })).toBeVisible();

  const email = uniqueStaffEmail('finance');
  const link = staffAdd(email, 'finance');
  const member = await enrol(browser, link, email, 'finance');
  const staff = member.page;
  // The link works once.
  await staff.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(staff.getByRole('alert')).toContainText('Ask an admin for a new one.');

  // Signed out, then in again with the password and a code the authenticator shows.
  await staff.goto('/staff');
  await staff.getByRole('button', { name: 'Sign out' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await staffSignIn(member);
  await expect(staff.getByRole('heading', { level: 1, name: 'Transfers awaiting approval' })).toBeVisible();
  await expect(staff.getByText(`${email} (finance)`)).toBeVisible();

  const row = transferRow(staff, reference);
  await expect(row.getByRole('cell', { name: 'NGN 75,000' })).toBeVisible();
  await expect(row.getByRole('cell', { name: `${customer.name} (${customer.email})` })).toBeVisible();
  await row.getByRole('button', { name: `Approve ${reference}` }).click();
  await expect(staff.getByText(`${reference} approved: the wallet is credited.`)).toBeVisible();
  await expect(transferRow(staff, reference)).toHaveCount(0);

  // The customer's tab, open all along: the credit and its notice when it comes back to the front, no reload.
  const samePage = await markPage(page);
  await tabComesBack(page);
  await expect(balance.getByText('NGN 75,000')).toBeVisible();
  await expect(page.getByText('Wallet funded').first()).toBeVisible();
  expect(await samePage()).toBe(true);

  // Each step in the audit log, filtered by person; the approval also under the customer.
  await staff.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Audit log' }).click();
  await staff.getByRole('textbox', { name: 'Person (email, or cli)' }).fill(email);
  await staff.getByRole('button', { name: 'Filter', exact: true }).click();
  const log = staff.getByRole('table', { name: 'Audit log entries' });
  await expect(log.getByRole('row').filter({ hasText: 'funding.approve' })).toContainText(reference);
  for (const kind of ['staff.enrol', 'staff.sign_out', 'staff.sign_in']) await expect(log.getByRole('row').filter({ hasText: kind })).toHaveCount(1);
  await staff.getByRole('textbox', { name: 'Person (email, or cli)' }).fill('cli');
  await staff.getByRole('combobox', { name: 'Kind' }).selectOption('staff.add');
  await staff.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(log.getByRole('row').filter({ hasText: email })).toContainText('cli');
  await staff.getByRole('textbox', { name: 'Person (email, or cli)' }).fill('');
  await staff.getByRole('combobox', { name: 'Kind' }).selectOption('');
  await staff.getByRole('textbox', { name: 'Customer (email or id)' }).fill(customer.email);
  await staff.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(log.getByRole('row').filter({ hasText: 'funding.approve' })).toContainText(`${email} (finance)`);
  // Exported as CSV, the same rows.
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-log.csv');
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv).toContain(reference);
  expect(csv).toContain('funding.approve');
});

test('above NGN 500,000 an approval waits for a second finance member, then credits once', async ({ browser, customer }) => {
  test.setTimeout(180_000);
  const reference = await transferSaidPaid(customer, 600_000);
  const first = await addAndEnrol(browser, 'finance');
  const second = await addAndEnrol(browser, 'finance');

  await first.page.reload();
  await transferRow(first.page, reference).getByRole('button', { name: `Approve ${reference}` }).click();
  await expect(first.page.getByText(`${reference} approved by you. A second finance member must confirm it before the wallet is credited.`)).toBeVisible();
  await expect(transferRow(first.page, reference)).toContainText('You approved it; a second finance member must confirm it.');
  await expect(transferRow(first.page, reference).getByRole('button', { name: /^(Approve|Confirm approval) / })).toHaveCount(0);
  expect(await balanceOf(customer)).toBe(0);

  await second.page.reload();
  const row = transferRow(second.page, reference);
  await expect(row).toContainText(`Approved by ${first.email}; needs a second finance member.`);
  await row.getByRole('button', { name: `Confirm approval ${reference}` }).click();
  await expect(second.page.getByText(`${reference} approved: the wallet is credited.`)).toBeVisible();
  expect(await balanceOf(customer)).toBe(600_000);
  // Approving again credits nothing more.
  const again = await staffCall('POST', `/api/v1/staff/transfers/${reference}/approve`, await staffToken(first.page));
  expect(again.body.outcome).toBe('already_approved');
  expect(await balanceOf(customer)).toBe(600_000);

  await second.page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Audit log' }).click();
  await second.page.getByRole('textbox', { name: 'Customer (email or id)' }).fill(customer.email);
  await second.page.getByRole('button', { name: 'Filter', exact: true }).click();
  const log = second.page.getByRole('table', { name: 'Audit log entries' });
  await expect(log.getByRole('row').filter({ hasText: 'funding.confirm' })).toContainText(second.email);
  await expect(log.getByRole('row').filter({ hasText: 'funding.approve' })).toContainText(first.email);
});

test('a decline’s reason reaches the customer, in their message and on the staff look-up', async ({ browser, customer }) => {
  test.setTimeout(120_000);
  const reference = await transferSaidPaid(customer, 40_000);
  const member = await addAndEnrol(browser, 'finance');
  const since = new Date();
  await member.page.reload();
  await transferRow(member.page, reference).getByRole('button', { name: `Decline ${reference}` }).click();
  const form = member.page.getByRole('region', { name: `Decline ${reference}` });
  const reason = 'No transfer with this reference reached our account.';
  await form.getByRole('textbox', { name: 'Reason (the customer reads it)' }).fill(reason);
  await form.getByRole('button', { name: 'Decline' }).click();
  await expect(member.page.getByText(`${reference} declined. The customer is told why.`)).toBeVisible();

  const message = await latestMessage(customer.email, 'email', { since });
  expect(message.subject).toBe('Transfer not confirmed');
  expect(message.body).toContain(reference);
  expect(message.body).toContain(`Reason: ${reason}`);

  await member.page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Customers' }).click();
  await member.page.getByRole('searchbox', { name: 'Email, phone number, kit number or transfer reference' }).fill(reference);
  await member.page.getByRole('button', { name: 'Find' }).click();
  await member.page.getByRole('link', { name: `Open ${customer.name}` }).click();
  const transfers = member.page.getByRole('table', { name: 'Transfers' });
  await expect(transfers.getByRole('row').filter({ hasText: reference })).toContainText(reason);
});

test('support reads but is refused an approval; a customer’s token is refused every staff call', async ({ browser, customer }) => {
  test.setTimeout(120_000);
  const reference = await transferSaidPaid(customer, 30_000);
  const support = await addAndEnrol(browser, 'support');
  await support.page.reload();
  const row = transferRow(support.page, reference);
  await expect(row).toBeVisible();
  await expect(support.page.getByText('Your role can see transfers but not decide them.')).toBeVisible();
  await expect(support.page.getByRole('button', { name: /^(Approve|Decline) / })).toHaveCount(0);
  await expect(support.page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  // The server refuses what the screen does not offer.
  const token = await staffToken(support.page);
  const approval = await staffCall('POST', `/api/v1/staff/transfers/${reference}/approve`, token);
  expect(approval.status).toBe(403);
  expect((await staffCall('POST', `/api/v1/staff/transfers/${reference}/decline`, token, { reason: 'no' })).status).toBe(403);
  expect((await staffCall('PUT', '/api/v1/staff/price', token, { plan_price: 1 })).status).toBe(403);
  expect((await staffCall('GET', '/api/v1/staff/audit', token)).status).toBe(403);
  expect(await balanceOf(customer)).toBe(0);

  // A customer's token is no staff token: every staff call answers as an unknown address.
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/staff/session'],
    ['GET', '/api/v1/staff/transfers'],
    ['POST', `/api/v1/staff/transfers/${reference}/approve`],
    ['POST', `/api/v1/staff/transfers/${reference}/decline`, { reason: 'no' }],
    ['GET', '/api/v1/staff/kits'],
    ['POST', '/api/v1/staff/kits/KIT-0000/review', { outcome: 'accepted' }],
    ['GET', `/api/v1/staff/customers?q=${encodeURIComponent(customer.email)}`],
    ['GET', `/api/v1/staff/customers/${customer.user.id}`],
    ['GET', '/api/v1/staff/price'],
    ['PUT', '/api/v1/staff/price', { plan_price: 1 }],
    ['GET', '/api/v1/staff/audit'],
    ['GET', '/api/v1/staff/audit.csv'],
    ['GET', '/api/v1/staff/members'],
    ['POST', '/api/v1/staff/members', { email: 'x@example.com', role: 'admin' }],
    ['DELETE', '/api/v1/staff/session'],
  ];
  for (const [method, pathname, body] of calls) {
    expect((await staffCall(method, pathname, customer.token, body)).status, `${method} ${pathname}`).toBe(404);
  }
  // And a staff token is no customer token.
  expect((await staffCall('GET', '/api/v1/starlink_user_wallet', token)).status).toBe(401);
});

test.describe('a customer’s pages', () => {
  // The shell fetches a customer's pages in idle time unless asked to save data: that is when it must not take staff code.
  test.use({ saveData: false });

  test('never download the staff area’s code', async ({ page }) => {
    const customer = await verifyEmail(await createCustomer());
    const operatorFiles: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${REMOTE_URLS.operator}/`)) operatorFiles.push(request.url());
    });
    await signInBrowser(page, customer, '/home');
    await expect(page.getByRole('region', { name: 'Wallet balance' })).toBeVisible();
    for (const link of ['Billing', 'Home']) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
    }
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    // Idle-time fetching has had its chance.
    await page.waitForTimeout(2_000);
    expect(operatorFiles).toEqual([]);
    // The staff pages are the area's own: opening one does fetch it.
    await page.goto('/staff/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    expect(operatorFiles.length).toBeGreaterThan(0);
  });
});

test.describe('the staff pages on a phone', () => {
  test.use({ viewport: PHONE });

  /** No sideways scrolling at 360 px, no axe violations (WCAG A and AA), and controls of at least 24 x 24 px. */
  async function fitsAndPasses(page: Page, what: string) {
    expect(await sidewaysOverflow(page), `sideways scrolling at 360 px on ${what}`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, what);
    await expectTargetsAtLeast24px(page, what);
  }

  test('the transfers and price pages fit 360 px and pass axe, a refused price change included', async ({ browser, customer }) => {
    test.setTimeout(120_000);
    const reference = await transferSaidPaid(customer, 45_000);
    const admin = await addAndEnrol(browser, 'admin');
    const { page } = admin;
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(transferRow(page, reference).getByRole('button', { name: `Approve ${reference}` })).toBeVisible();
    await fitsAndPasses(page, '/staff (transfers)');

    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Price' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plan price' })).toBeVisible();
    await expect(page.getByTestId('current-price')).toHaveText(/^NGN /);
    await fitsAndPasses(page, '/staff/price');

    // Tomorrow is too soon without force: the API refuses, in words, and the form offers its first day. Nothing changes,
    // so no customer of another spec is told of a price.
    const before = await staffCall('GET', '/api/v1/staff/price', await staffToken(page));
    const tomorrow = new Date(Date.now() + 86_400_000 + 3_600_000).toISOString().slice(0, 10);
    await page.getByRole('textbox', { name: 'New price (NGN)' }).fill('61,000');
    await page.getByLabel('Takes effect from').fill(tomorrow);
    await page.getByRole('button', { name: 'Set the price' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'A price change must be announced at least 7 days ahead' });
    await expect(refusal).toBeVisible();
    const earliest = /choose (\d{4}-\d{2}-\d{2}) or later/.exec((await refusal.textContent()) ?? '')?.[1];
    expect(earliest).toBeDefined();
    await expect(page.getByLabel('Takes effect from')).toHaveValue(earliest!);
    await fitsAndPasses(page, '/staff/price with a refusal');
    expect((await staffCall('GET', '/api/v1/staff/price', await staffToken(page))).body).toEqual(before.body);
  });
});

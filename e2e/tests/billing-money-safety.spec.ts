import type { Page, Route } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { api, createKit, sentAwaitingConfirmation, signInBrowser, verifyEmail, type Customer } from '../support/api';

/**
 * Issue 47, billing's side, on a 360 x 740 phone against the real API: Fund Account never asks again for money already
 * sent (item 2), no toast over what Payment Details asks the customer to read (item 5), an unreachable service said in
 * words with the payments disabled (item 6), and "Pay later" means later (item 9).
 */

test.use({ viewport: { width: 360, height: 740 }, permissions: ['clipboard-read', 'clipboard-write'] });

const THANKS = 'Thanks for confirming, your wallet would be credited when payment is received!';
const isApi = (url: URL) => url.pathname.startsWith('/api/');
/** The API does not answer at all (its CORS preflights neither). */
const down = (route: Route) => route.abort('connectionrefused');

/**
 * Among `targets` inside the open Payment Details, what a shown toast lies over, as "TAG text" lines; measured in one
 * go in the page, so a toast cannot leave between two measurements.
 */
function coveredByToasts(page: Page, targets: string) {
  return page.evaluate((targets) => {
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    // A toast is its card: the message's live region and what is beside it (icon, Dismiss).
    const toasts = Array.from(document.querySelectorAll('[role="status"][aria-live="polite"]'))
      .filter((el) => shown(el) && el.closest('dialog p, dialog dd') === null && (el.textContent ?? '').trim() !== '')
      .map((el) => el.parentElement ?? el);
    const hits: string[] = [];
    for (const toast of toasts) {
      const a = toast.getBoundingClientRect();
      for (const target of Array.from(document.querySelectorAll(targets))) {
        // A toast's own Dismiss, or a second toast sliding into its place, is not what the customer reads.
        if (!shown(target) || toasts.some((t) => t.contains(target)) || target.contains(toast)) continue;
        const b = target.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          hits.push(`${target.tagName} "${(target.textContent || target.getAttribute('aria-label') || '').trim().slice(0, 40)}"`);
        }
      }
    }
    return { toasts: toasts.map((t) => (t.textContent ?? '').trim()), hits };
  }, targets);
}

/** The heading, Close, the transfer instruction and every line of the details, each action. */
const DETAILS_PARTS = 'dialog h2, dialog button, dialog p, dialog dt, dialog dd';

/** The customer with the email verified (its dialog stays away), signed in on /billing. */
async function signInVerifiedOnBilling(page: Page, customer: Customer) {
  await verifyEmail(customer);
  await signInBrowser(page, customer, '/billing');
}

async function openPaymentDetails(page: Page, amount: string) {
  await page.getByRole('button', { name: 'Fund wallet' }).click();
  const fund = page.getByRole('dialog', { name: 'Fund Account' });
  await fund.getByRole('textbox', { name: 'Amount (NGN)' }).pressSequentially(amount);
  await fund.getByRole('button', { name: 'Continue' }).click();
  const details = page.getByRole('dialog', { name: 'Payment Details' });
  await expect(details).toBeVisible();
  return details;
}

test('item 2: Fund Account asked for an amount already sent says so first, is empty, and waiting is its focused action', async ({
  page,
  customer,
}) => {
  await verifyEmail(customer);
  await createKit(customer);
  await signInBrowser(page, customer, '/home');
  await page.getByRole('button', { name: /Activate/ }).click();
  const insufficient = page.getByRole('dialog', { name: 'Insufficient Funds' });
  const due = Number((await insufficient.getByText(/^Amount due: NGN [\d,]+$/).textContent())!.replace(/\D/g, ''));
  await insufficient.getByRole('button', { name: 'Cancel' }).click();

  // The customer transferred the amount due and said so; the reseller has not approved it yet.
  await sentAwaitingConfirmation(customer, due);
  await page.reload();
  await page.getByRole('button', { name: /Activate/ }).click();
  await page.getByRole('dialog', { name: 'Insufficient Funds' }).getByRole('button', { name: 'Fund Account' }).click();

  const fund = page.getByRole('dialog', { name: 'Fund Account' });
  const amount = due.toLocaleString('en-NG');
  const first = fund.locator('form > *').first();
  await expect(first).toHaveText(
    new RegExp(`^NGN ${amount} sent on \\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \\d{4}, awaiting confirmation: no need to pay again$`),
  );
  await expect(first).toBeInViewport();
  await expect(fund.getByRole('textbox', { name: 'Amount (NGN)' })).toHaveValue('');
  const wait = fund.getByRole('button', { name: 'Wait for confirmation' });
  await expect(wait).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(fund).toBeHidden();
  // Nothing was asked of the API.
  const fundings = await api.get<unknown[]>('/api/v1/starlink_wallet_fundings', customer.token);
  expect(fundings).toHaveLength(1);
});

test('item 5: in Payment Details no toast covers the instruction, the Amount line or Close, after Copy and after "I have made the payment"', async ({
  page,
  customer,
}) => {
  await signInVerifiedOnBilling(page, customer);
  const details = await openPaymentDetails(page, '57000');
  const instruction = details.getByText(/^Make a bank transfer of NGN 57,000 to the account below/);
  await expect(instruction).toBeInViewport();
  // "Funding process started" is a toast: beside the panel, which makes room for it on a phone.
  await expect.poll(async () => (await coveredByToasts(page, DETAILS_PARTS)).toasts.join('|')).toContain('Funding process');
  expect((await coveredByToasts(page, DETAILS_PARTS)).hits).toEqual([]);
  await expect(instruction).toBeInViewport();
  await expect(details.getByText('Amount', { exact: true })).toBeInViewport();
  await expect(details.getByRole('button', { name: 'Close' })).toBeInViewport();

  // Copy says so beside its button, not in a toast.
  const accountLine = details.locator('dd').filter({ has: page.getByRole('button', { name: 'Copy account number' }) });
  await accountLine.getByRole('button', { name: 'Copy account number' }).click();
  await expect(accountLine.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('0123456789');
  const afterCopy = await coveredByToasts(page, DETAILS_PARTS);
  expect(afterCopy.toasts.join('|')).not.toContain('copied');
  expect(afterCopy.hits).toEqual([]);

  // A confirmation that fails keeps the dialog open with its error toast: still clear of what the customer reads.
  const confirmUrl = (url: URL) => url.pathname === '/api/v1/starlink_wallet_fundings/confirm_request';
  const fail = (route: Route) =>
    route.request().method() === 'OPTIONS'
      ? route.continue()
      : route.fulfill({
          status: 500,
          contentType: 'application/json',
          headers: { 'Access-Control-Allow-Origin': route.request().headers()['origin'] ?? '*' },
          body: '{}',
        });
  await page.route(confirmUrl, fail);
  await details.getByRole('button', { name: 'I have made the payment' }).click();
  await expect.poll(async () => (await coveredByToasts(page, DETAILS_PARTS)).toasts.join('|')).toContain('Failed to confirm payment');
  expect((await coveredByToasts(page, DETAILS_PARTS)).hits).toEqual([]);
  await expect(instruction).toBeInViewport();
  await expect(details.getByRole('button', { name: 'Close' })).toBeInViewport();
  await page.unroute(confirmUrl, fail);

  await details.getByRole('button', { name: 'I have made the payment' }).click();
  await expect(page.getByText(THANKS)).toBeVisible();
  await expect(details).toBeHidden();
});

test('item 6: with the API unreachable, /billing and /home say so with the time and the day, and the payments are disabled with the reason', async ({
  page,
  customer,
}) => {
  await signInVerifiedOnBilling(page, customer);
  const balance = page.getByRole('region', { name: 'Wallet' });
  await expect(balance.getByText('NGN 0', { exact: true })).toBeVisible();
  // Kept on this phone for the next visit; read yesterday at 14:05.
  await expect.poll(async () => (await keptAt(page)).length).toBeGreaterThanOrEqual(2);
  await setKeptAt(page, 14, 5);

  await page.route(isApi, down);
  await page.reload();
  const said = page.getByRole('status').filter({ hasText: "We can't reach the service." });
  await expect(said).toHaveText("We can't reach the service. Showing what we had at 14:05 yesterday.");
  await expect(balance.getByText('NGN 0', { exact: true })).toBeVisible();
  const fund = page.getByRole('button', { name: 'Fund wallet' });
  await expect(fund).toBeDisabled();
  await expect(fund).toHaveAccessibleDescription("We can't reach the service. Payments wait until it answers again.");

  // The kits area's page says the same, from the same shared piece.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('status').filter({ hasText: "We can't reach the service." })).toHaveText(
    /^We can't reach the service\. Showing what we had at \d\d:\d\d( yesterday)?\.$/,
  );

  // The service answers again: the sentence goes and the payments come back by themselves.
  await page.unroute(isApi, down);
  await page.goto('/billing');
  await expect(page.getByRole('status').filter({ hasText: "We can't reach the service." })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Fund wallet' })).toBeEnabled();
});

test('item 9: after "Pay later", /billing does not reopen Payment Details on every load', async ({ page, customer }) => {
  await signInVerifiedOnBilling(page, customer);
  const details = await openPaymentDetails(page, '20000');
  await details.getByRole('button', { name: 'Pay later' }).click();
  await expect(details).toBeHidden();

  await page.reload();
  const card = page.getByRole('region', { name: 'Payment in progress' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'unconfirmed' })).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Payment Details' })).toHaveCount(0);

  // Another visit to /billing in the same load, and a new tab: still only the card, which opens them on request.
  const other = await page.context().newPage();
  await other.goto('/billing');
  await expect(other.getByRole('region', { name: 'Payment in progress' })).toBeVisible();
  await expect(other.getByRole('row').filter({ hasText: 'unconfirmed' })).toHaveCount(1);
  await expect(other.getByRole('dialog', { name: 'Payment Details' })).toHaveCount(0);
  await other.close();

  await card.getByRole('button', { name: 'View payment details' }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Details' })).toBeVisible();
});

/** The times (epoch ms) of the reads kept on this device for a repeat visit (shared-api/data's IndexedDB record). */
function keptAt(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const open = indexedDB.open('portal-last-known');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('last-known')) return resolve([]);
          const read = db.transaction('last-known').objectStore('last-known').get('reads');
          read.onsuccess = () => {
            const entries = (read.result as { entries?: Record<string, { at: number }> } | undefined)?.entries ?? {};
            db.close();
            resolve(Object.values(entries).map((entry) => entry.at));
          };
          read.onerror = () => resolve([]);
        };
      }),
  );
}

/** Dates every kept read yesterday at hh:mm, as if the last visit had been then. */
function setKeptAt(page: Page, hours: number, minutes: number): Promise<void> {
  return page.evaluate(
    ([hours, minutes]) =>
      new Promise<void>((resolve, reject) => {
        const at = new Date();
        at.setDate(at.getDate() - 1);
        at.setHours(hours, minutes, 0, 0);
        const open = indexedDB.open('portal-last-known');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('last-known', 'readwrite').objectStore('last-known');
          const read = store.get('reads');
          read.onsuccess = () => {
            const record = read.result as { entries: Record<string, { at: number }> };
            for (const entry of Object.values(record.entries)) entry.at = at.getTime();
            const write = store.put(record, 'reads');
            write.onsuccess = () => {
              db.close();
              resolve();
            };
            write.onerror = () => reject(write.error);
          };
        };
      }),
    [hours, minutes] as const,
  );
}

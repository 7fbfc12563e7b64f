import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { fundAccountFromHome } from '../support/fund';
import { createKit, sentAwaitingConfirmation, signInBrowser, uniqueEmail, verifyEmail } from '../support/api';

/**
 * Issue 37 on a 360 x 740 phone: messages overlay the page instead of moving it (measured with the browser's own
 * layout-shift entries), and a transfer awaiting approval is shown wherever money is asked for.
 */
test.use({ viewport: { width: 360, height: 740 } });

const TOAST = '[role="status"][aria-live="polite"]';

function kitCard(page: Page, kitNumber: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: kitNumber, exact: true }) });
}

/** Starts summing every layout shift from now on, those right after an input included. */
async function watchLayoutShifts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; sources?: { node?: Node }[] }[]) {
        const sources = (entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node)));
        w.__shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: false });
  });
}

const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);

/** The toast cards on screen (the status element's card) with their boxes. */
function toastBoxes(page: Page) {
  return page.evaluate((selector) => {
    return Array.from(document.querySelectorAll(selector))
      .filter((el) => (el.textContent ?? '').trim() !== '')
      .map((el) => {
        const card = el.parentElement ?? el;
        const r = card.getBoundingClientRect();
        return { text: (el.textContent ?? '').trim(), top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      });
  }, TOAST);
}

test('a toast moves nothing on the page (no layout shift while it comes and goes), under the navbar, on screen', async ({
  page,
  customer,
}) => {
  await verifyEmail(customer);
  const kit = await createKit(customer);
  await signInBrowser(page, customer, '/home');
  const toggle = kitCard(page, kit.kit_number).getByRole('switch', { name: /Auto-renew/ });
  await expect(toggle).toBeVisible();
  // What the page itself still loads has settled.
  await page.waitForLoadState('networkidle');
  await watchLayoutShifts(page);

  await toggle.click();
  const message = page.getByRole('status').filter({ hasText: 'Auto-renew enabled successfully!' });
  await expect(message).toBeVisible();
  const [box] = await toastBoxes(page);
  const navbar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
  expect(box!.top).toBeGreaterThanOrEqual(navbar.y + navbar.height);
  expect(box!.bottom).toBeLessThanOrEqual(740);
  // Gone after the spec's 5 s, and nothing moved while it came or went.
  await expect(message).toHaveCount(0, { timeout: 8_000 });
  // A toast in the page's flow shifted it by 0.10 a toast; beside the toast CI measured 2e-6 from a node since
  // replaced (the toggled card redrawn), which is not the toast's.
  const total = (await layoutShifts(page)).reduce((sum, shift) => sum + shift.value, 0);
  expect(total).toBeLessThan(0.0001);
});

test('at most two toasts show at once', async ({ page, customer }) => {
  await verifyEmail(customer);
  const kits = [await createKit(customer), await createKit(customer), await createKit(customer)];
  await signInBrowser(page, customer, '/home');
  for (const kit of kits) await expect(kitCard(page, kit.kit_number).getByRole('switch', { name: /Auto-renew/ })).toBeVisible();
  for (const kit of kits) {
    const toggle = kitCard(page, kit.kit_number).getByRole('switch', { name: /Auto-renew/ });
    await toggle.click();
    await expect(toggle).toBeChecked();
  }
  await expect(page.getByText('Auto-renew enabled successfully!').first()).toBeVisible();
  const shown = await toastBoxes(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThanOrEqual(2);
});

test('in Payment Details the "Funding process started" toast is on screen, clear of its title, Close and actions', async ({
  page,
  customer,
}) => {
  const fund = await fundAccountFromHome(page, customer, '57000');
  await fund.getByRole('button', { name: 'Continue' }).click();
  const details = page.getByRole('dialog', { name: 'Payment Details' });
  await expect(details).toBeVisible();
  const message = page.getByText('Funding process  started. Please proceed to make payment.');
  await expect(message).toBeInViewport();
  const covered = await page.evaluate((selector) => {
    const toast = Array.from(document.querySelectorAll(selector)).find((el) => el.textContent?.includes('Funding process'));
    const cardElement = (toast?.parentElement ?? toast)!;
    const card = cardElement.getBoundingClientRect();
    return Array.from(document.querySelectorAll('dialog h2, dialog button'))
      // The message's own Dismiss button is part of it.
      .filter((el) => !cardElement.contains(el))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && card.left < r.right && r.left < card.right && card.top < r.bottom && r.top < card.bottom;
      })
      .map((el) => (el.textContent || el.getAttribute('aria-label') || '').trim());
  }, TOAST);
  expect(covered).toEqual([]);
  // The dialog opens on its title, not on Close.
  await expect(details.getByRole('heading', { name: 'Payment Details' })).toBeFocused();
});

test('a transfer confirmed as paid and not yet approved shows on /home and in Fund Account, across a reload', async ({
  page,
  customer,
}) => {
  await verifyEmail(customer);
  await sentAwaitingConfirmation(customer, 57_000);
  await signInBrowser(page, customer, '/home');
  const line = /^NGN 57,000 sent on \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}, awaiting confirmation$/;
  // In the first screen, beside the balance (issue 47).
  const card = page.getByRole('region', { name: 'Your money now' });
  await expect(card.getByText(line)).toBeVisible();

  // Another device, or the next day: the API says so, not this browser's storage.
  await page.evaluate(() => {
    for (const key of ['PaymentAmount', 'fundingId', 'reference', 'method']) localStorage.removeItem(key);
  });
  await page.reload();
  await expect(card.getByText(line)).toBeVisible();

  await page.getByRole('button', { name: 'Fund wallet' }).first().click();
  const fund = page.getByRole('dialog', { name: 'Fund Account' });
  await expect(fund.getByText(line)).toBeVisible();
});

test('a guest opening /home is sent to /login with no preloaded file left unused', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preloaded using link preload but not used/i.test(message.text())) warnings.push(message.text());
  });
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('load');
  // Chromium reports a preload still unused 3 s after the load event, by a timer of its own that no event announces.
  await page.waitForTimeout(3_500);
  expect(warnings).toEqual([]);
});

test('signing up shows one message, not a stack of them', async ({ page }) => {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { __toasts: Set<string> }).__toasts = seen;
    new MutationObserver(() => {
      document.querySelectorAll('[role="status"][aria-live="polite"]').forEach((el) => {
        const text = (el.textContent ?? '').trim();
        if (text) seen.add(text);
      });
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/signup');
  await page.getByLabel('First name', { exact: true }).fill('Ada');
  await page.getByLabel('Last name', { exact: true }).fill('Okafor');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('one-toast'));
  await page.getByLabel('Phone number', { exact: true }).fill('08031234567');
  await page.getByLabel('WhatsApp number', { exact: true }).fill('08031234568');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  // The customer's first seconds on /home: until the email verification dialog has opened and every request is answered.
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const seen = await page.evaluate(() => [...(window as unknown as { __toasts: Set<string> }).__toasts]);
  expect(seen).toEqual(['Sign up and login successful!']);
  expect(await toastBoxes(page)).toEqual([]);
});

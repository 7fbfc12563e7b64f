/**
 * Issue 47 on a 360 x 740 phone against the real API: the money sent and awaiting confirmation is in the first screen
 * beside the balance and nothing moves once drawn; Insufficient Funds does not lead to a second payment; Renew explains
 * itself before Fund Account; a status reads the same on /home and on the kit's page; the next renewal's price and a
 * scheduled price change are told before anything is charged.
 */
import type { Page } from '@playwright/test';
import {
  api,
  createAcceptedKit,
  createKit,
  fundWallet,
  operator,
  sentAwaitingConfirmation,
  signInBrowser,
  storeSession,
  verifyEmail,
  type Customer,
} from '../support/api';
import { test, expect } from '../support/fixtures';
import { held } from '../support/held';

test.use({ viewport: { width: 360, height: 740 } });

declare global {
  interface Window {
    moneyShifts?: { value: number; sources: string[] }[];
  }
}

const planPrice = (customer: Customer) => api.get<{ amount: number; scheduled: { amount: number; from: string } | null }>('/api/v1/plan_price', customer.token);

const naira = (amount: number) => `NGN ${amount.toLocaleString('en-US')}`;
const SENT = (amount: number) => new RegExp(`^${naira(amount)} sent on \\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \\d{4}, awaiting confirmation`);

/** Verified, one kit the operator accepted, and a transfer of `amount` (the plan's price if none) awaiting confirmation. */
async function kitAndTransferAwaiting(customer: Customer, amount?: number) {
  await verifyEmail(customer);
  const kit = await createAcceptedKit(customer);
  const sent = amount ?? (await planPrice(customer)).amount;
  await sentAwaitingConfirmation(customer, sent);
  return { kit, sent };
}

function kitCard(page: Page, kitNumber: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: kitNumber, exact: true }) });
}

test('the transfer awaiting confirmation and the latest notice are in the first screen, beside the balance, above the kits, and nothing moves (CLS 0)', async ({
  page,
  customer,
}) => {
  const { kit } = await kitAndTransferAwaiting(customer, 57_000);

  await storeSession(page, customer);
  await page.addInitScript(() => {
    window.moneyShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : '?'));
        window.moneyShifts?.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Every answer held until the frame is drawn, then all at once: the data takes the frame's place.
  const answers = held();
  await page.route((url) => url.pathname.startsWith('/api/'), answers.handler);
  await page.goto('/home');
  const money = page.getByRole('region', { name: 'Your money now' });
  await expect(money).toBeVisible();
  answers.release();

  await expect(money.getByText(SENT(57_000))).toBeVisible();
  // The kit review's outcome, the latest notice, in the same card.
  await expect(money.getByText('Kit accepted')).toBeVisible();
  await expect(kitCard(page, kit.kit_number)).toBeVisible();
  const shifts = await page.evaluate(
    () => new Promise<{ value: number; sources: string[] }[]>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.moneyShifts ?? [])))),
  );
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  expect(total, JSON.stringify(shifts)).toBeLessThan(0.001);

  // In the first screen, under the balance and above the kit list.
  const balanceBox = (await page.getByRole('region', { name: 'Wallet balance' }).boundingBox())!;
  const moneyBox = (await money.boundingBox())!;
  const kitsBox = (await page.getByRole('region', { name: /My kits/ }).boundingBox())!;
  expect(moneyBox.y).toBeGreaterThanOrEqual(balanceBox.y + balanceBox.height);
  expect(moneyBox.y + moneyBox.height).toBeLessThanOrEqual(740);
  expect(kitsBox.y).toBeGreaterThanOrEqual(moneyBox.y + moneyBox.height);
});

test('Insufficient Funds says a transfer awaiting confirmation covers it: waiting is the focused action, Fund Account secondary and not prefilled', async ({
  page,
  customer,
}) => {
  const { kit, sent: price } = await kitAndTransferAwaiting(customer);
  await signInBrowser(page, customer, '/home');
  await expect(page.getByRole('region', { name: 'Your money now' }).getByText(SENT(price))).toBeVisible();

  await kitCard(page, kit.kit_number).getByRole('button', { name: /^Activate/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Insufficient Funds' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(new RegExp(`${SENT(price).source}: no need to pay again$`))).toBeVisible();
  await expect(dialog.getByText(`Amount due: ${naira(price)}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Fund Account' }).click();
  const fund = page.getByRole('dialog', { name: 'Fund Account' });
  await expect(fund.getByRole('textbox', { name: 'Amount (NGN)' })).toHaveValue('');
});

/** A kit paid for once from a wallet funded for exactly that, then a month on (demo set-up): due, the wallet empty. */
async function dueKitWithEmptyWallet(customer: Customer) {
  await verifyEmail(customer);
  const kit = await createAcceptedKit(customer);
  const price = (await planPrice(customer)).amount;
  await fundWallet(customer, price);
  await api.post(`/api/v1/starlink_activates/${kit.id}/activate_kit`, {}, customer.token);
  await operator({ cmd: 'demo-due', kitNumber: kit.kit_number });
  return { kit, price };
}

test('Renew with a short wallet explains itself like Activate (price, period, wallet, amount due) before Fund Account', async ({ page, customer }) => {
  const { kit, price } = await dueKitWithEmptyWallet(customer);
  await signInBrowser(page, customer, `/dashboard/${kit.id}`);
  const subscription = page.getByRole('region', { name: 'Subscription details' });
  await subscription.getByRole('button', { name: 'Renew', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Insufficient Funds' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Fund Account' })).toHaveCount(0);
  await expect(dialog.getByRole('term')).toHaveText(['Price', 'Period', 'Wallet balance']);
  await expect(dialog.getByRole('definition')).toHaveText([naira(price), /^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4} – /, 'NGN 0']);
  await expect(dialog.getByText(`Amount due: ${naira(price)}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Fund Account' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Fund Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Fund Account' }).getByRole('textbox', { name: 'Amount (NGN)' })).not.toHaveValue('');
});

test('a renewal reminder that is no longer true leaves /home once the wallet is funded, without being dismissed', async ({ page, customer }) => {
  const { kit, price } = await dueKitWithEmptyWallet(customer);
  await operator({ cmd: 'sweep' });
  await signInBrowser(page, customer, '/home');
  const money = page.getByRole('region', { name: 'Your money now' });
  await expect(money.getByText('Renewal due soon')).toBeVisible();
  // The operator approves a transfer covering the renewal: the balance the page reads next makes the notices read again.
  await fundWallet(customer, price);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByRole('region', { name: 'Wallet balance' }).getByText(naira(price), { exact: true })).toBeVisible();
  await expect(money.getByText('Renewal due soon')).toHaveCount(0);
  await expect(page.getByText(`Kit ${kit.kit_number} is due for renewal on`)).toHaveCount(0);
});

for (const [status, label] of [
  ['need_approval', 'processing'],
  ['unapproved', 'declined'],
] as const) {
  test(`a kit ${status} reads "${label}" on /home and on its page, never the code`, async ({ page, customer }) => {
    await verifyEmail(customer);
    const kit = await createKit(customer);
    await operator({ cmd: 'kit', kitNumber: kit.kit_number, status });
    await signInBrowser(page, customer, '/home');
    const badge = kitCard(page, kit.kit_number).getByTestId('kit-status');
    await expect(badge).toHaveText(`Status: ${label}`);
    await kitCard(page, kit.kit_number).getByRole('link', { name: /^Manage/ }).click();
    await expect(page.getByTestId('kit-status')).toHaveText(label);
    await expect(page.getByText(status, { exact: true })).toHaveCount(0);
  });
}

test.describe('a price change', () => {
  // The plan price is the API's one setting: changed by one test at a time, and put back after.
  test.describe.configure({ mode: 'serial' });

  test('is told before it is charged: the notice, the kit card, the kit page and the charge confirmation', async ({ page, customer }) => {
    await verifyEmail(customer);
    const kit = await createAcceptedKit(customer);
    const { amount: now } = await planPrice(customer);
    await fundWallet(customer, now + 10_000);
    const from = new Date(Date.now() + 20 * 24 * 3600_000).toISOString().slice(0, 10);
    const next = now + 8_000;
    await operator({ cmd: 'price-set', amount: next, from });
    try {
      await signInBrowser(page, customer, '/home');
      const money = page.getByRole('region', { name: 'Your money now' });
      await expect(money.getByText('Plan price changing')).toBeVisible();
      const card = kitCard(page, kit.kit_number);
      await expect(card.getByTestId('kit-renewal')).toContainText(`The price changes to ${naira(next)} from`);

      await card.getByRole('button', { name: /^Activate/ }).click();
      const dialog = page.getByRole('dialog', { name: `Activate ${kit.kit_number}?` });
      await expect(dialog.getByText(new RegExp(`^The price changes to ${naira(next)} from `))).toBeVisible();
      await dialog.getByRole('button', { name: `Pay ${naira(now)}` }).click();
      await expect(dialog).toHaveCount(0);

      await card.getByRole('link', { name: /^Manage/ }).click();
      const subscription = page.getByRole('region', { name: 'Subscription details' });
      await expect(subscription.getByTestId('next-renewal')).toHaveText(new RegExp(`^(${naira(now)}|${naira(next)}) on `));
      await expect(subscription.getByTestId('price-change')).toHaveText(new RegExp(`^${naira(next)} from `));
    } finally {
      // The change to come replaced by the current price: no customer is told, and the API is as before.
      await operator({ cmd: 'price-set', amount: now, from });
    }
  });
});

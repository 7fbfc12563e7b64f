import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { api, createActiveKit, createKit, fundWallet, signInBrowser, verifyEmail, type Customer } from '../support/api';
import { test, expect } from '../support/fixtures';
import { chargeDialog, confirmCharge } from '../support/charge';
import { held } from '../support/held';

const PRICE_HEADROOM = 200_000;


async function openAs(page: Page, customer: Customer, at = '/home'): Promise<Customer> {
  await verifyEmail(customer);
  await signInBrowser(page, customer, at);
  return customer;
}

function kitCard(page: Page, kitNumber: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: kitNumber, exact: true }) });
}

/**
 * The dashboard the way a customer reaches it: Manage on the home list. (Loading /dashboard/{id}
 * directly currently fails in the production build: the shell's index.html asks for a relative
 * main.js, which resolves to /dashboard/main.js; reported to the lead.)
 */
async function openDashboard(page: Page, kit: { id: number | string; kit_number: string }) {
  await kitCard(page, kit.kit_number)
    .getByRole('link', { name: /Manage/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${kit.id}$`));
  await expect(page.getByRole('heading', { name: `Kit ${kit.kit_number}` })).toBeVisible();
}


test.describe('kits area: home', () => {
  test('adds a kit through the two dialogs, and refuses a registered kit number', async ({ page, customer }) => {
    const signedIn = await openAs(page, customer);
    const taken = await createKit(signedIn);
    await page.reload();
    const kitNumber = `KIT-${randomUUID().slice(0, 8).toUpperCase()}`;

    await page.getByRole('button', { name: 'Add kit' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add kit' });
    await dialog.getByLabel('Kit number').fill(taken.kit_number);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('This kit number is already registered.')).toBeVisible();

    await dialog.getByLabel('Kit number').fill(kitNumber);
    await dialog.getByRole('button', { name: 'Next' }).click();
    dialog = page.getByRole('dialog', { name: 'Kit details' });
    await expect(dialog.getByText(kitNumber)).toBeVisible();

    // A reload between the steps keeps the kit number.
    await page.reload();
    await page.getByRole('button', { name: 'Add kit' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Kit details' });
    await expect(dialog.getByText(kitNumber)).toBeVisible();

    await dialog.getByLabel('Kit user or company name (optional)').fill('Okafor Logistics');
    await dialog.getByLabel('Full address').fill('4 Allen Avenue, Ikeja, Lagos');
    await dialog.getByLabel('NIN').fill('12345678901');
    await dialog.getByRole('button', { name: 'Add kit' }).click();
    await expect(page.getByText('Starlink kit added successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const card = kitCard(page, kitNumber);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('kit-status')).toContainText('approved');
    await expect(card.getByRole('button', { name: /Activate/ })).toBeVisible();
  });

  test('activation without money shows Insufficient Funds; after funding it activates', async ({ page, customer }) => {
    const signedIn = await openAs(page, customer);
    const kit = await createKit(signedIn);
    await page.reload();
    const card = kitCard(page, kit.kit_number);

    await card.getByRole('button', { name: /Activate/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Insufficient Funds' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^Amount due: NGN [\d,]+$/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Fund Account' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await fundWallet(signedIn, PRICE_HEADROOM);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Wallet balance' }).getByText('NGN 200,000')).toBeVisible();
    // Both clicks land while the activation is still on its way (else the second could hit the Manage link that
    // replaces the button once it succeeds).
    const activation = held();
    const activateUrl = (url: URL) => url.pathname.endsWith(`/starlink_activates/${kit.id}/activate_kit`);
    await page.route(activateUrl, activation.handler);
    await card.getByRole('button', { name: /Activate/ }).click();
    // The price first, with the wallet after it; only Pay charges.
    const confirm = chargeDialog(page);
    await expect(confirm.getByText('NGN 143,000')).toBeVisible();
    await confirm.getByRole('button', { name: /^Pay NGN/ }).dblclick();
    activation.release();
    await expect(page.getByText('Activation successful!')).toBeVisible();
    await expect(card.getByTestId('kit-status')).toContainText('online');
    await expect(card.getByRole('link', { name: /Manage/ })).toHaveAttribute('href', `/dashboard/${kit.id}`);
    // One activation charged, however many clicks: the balance shown drops by exactly one price.
    const wallet = await api.get<{ balance: number | string }>('/api/v1/starlink_user_wallet', signedIn.token);
    await expect(page.getByText(`NGN ${Number(wallet.balance).toLocaleString('en-NG')}`)).toBeVisible();
    expect(Number(wallet.balance)).toBeGreaterThan(0);
  });

  test('shows a wallet the operator credited when the customer comes back to the tab, without a reload', async ({ page, customer }) => {
    const signedIn = await openAs(page, customer);
    const balance = page.getByRole('region', { name: 'Wallet balance' });
    await expect(balance.getByText('NGN 0', { exact: true })).toBeVisible();

    await fundWallet(signedIn, 15_000);
    // Headless Chromium never hides a tab (nor, in a network namespace, reports going back online), so the event the
    // browser fires when the customer returns to the window is sent here; again until the figure shows.
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(balance.getByText('NGN 15,000')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  });

  test('toggles auto-renew with its messages', async ({ page, customer }) => {
    const signedIn = await openAs(page, customer);
    const kit = await createKit(signedIn);
    await page.reload();
    const toggle = kitCard(page, kit.kit_number).getByRole('switch', { name: /Auto-renew/ });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText('Auto-renew enabled successfully!')).toBeVisible();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText('Auto-renew disabled successfully!')).toBeVisible();
    await expect(toggle).not.toBeChecked();
  });

  test('home and dashboard read on a 360 px phone without sideways scrolling', async ({ page, customer }) => {
    const kit = await createActiveKit(customer);
    await page.setViewportSize({ width: 360, height: 740 });
    await openAs(page, customer);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect(page.getByRole('list', { name: 'Your kits' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await openDashboard(page, kit);
    await expect(page.getByRole('button', { name: /Download PDF/ })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Each renewal reads as a card of labelled lines; a label never breaks mid-word beside a long value.
    const squeezed = await page.getByRole('table').evaluate((table) => {
      const context = document.createElement('canvas').getContext('2d')!;
      return Array.from(table.querySelectorAll('td')).flatMap((cell) => {
        const label = getComputedStyle(cell, '::before');
        context.font = `${label.fontWeight} ${label.fontSize} ${label.fontFamily}`;
        const needed = context.measureText(cell.dataset.label ?? '').width;
        return parseFloat(label.width) + 0.5 < needed ? [`${cell.dataset.label}: ${label.width} < ${needed}px`] : [];
      });
    });
    expect(squeezed).toEqual([]);
  });
});

test.describe('kits area: dashboard', () => {
  test('a kit paid a month ahead cannot renew yet, and its receipt downloads as a PDF', async ({ page, customer }) => {
    const kit = await createActiveKit(customer);
    await openAs(page, customer);
    await openDashboard(page, kit);
    await expect(page.getByRole('button', { name: 'Renew' })).toBeDisabled();

    const history = page.getByRole('table');
    await expect(history.getByRole('row')).toHaveCount(2);
    const renewals = await api.get<{ id: number }[]>(
      `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}`,
      customer.token,
    );
    const download = page.waitForEvent('download');
    await history.getByRole('button', { name: /Download PDF/ }).click();
    expect((await download).suggestedFilename()).toBe(`renewal-${renewals[0]!.id}.pdf`);
    await expect(page.getByText('PDF downloaded successfully!')).toBeVisible();
  });

  test('edits the kit address', async ({ page, customer }) => {
    // Paid for: the home list offers Manage (an approved kit not paid for offers Activate, shared-api/lifecycle).
    const kit = await createActiveKit(customer);
    await openAs(page, customer);
    await openDashboard(page, kit);
    await page.getByRole('button', { name: 'Edit address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Kit Address' });
    await dialog.getByLabel('Full address').fill('7 Broad Street, Lagos Island');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address updated successfully!')).toBeVisible();
    await expect(page.getByText('7 Broad Street, Lagos Island')).toBeVisible();
  });

  test('a kit due within 7 days renews from the wallet', async ({ page }) => {
    const login = await api.post<{ user: Customer['user']; token: string }>('/api/v1/login', {
      starlink_user: { email: 'demo@example.com', password: 'demo1234' },
    });
    const demo: Customer = {
      email: 'demo@example.com',
      password: 'demo1234',
      name: 'Demo',
      token: login.token,
      user: login.user,
    };
    const list = await api.get<{ kits: { id: number; status: string; kit_number: string }[] }>(
      '/api/v1/starlink_kits?page=1&per_page=50',
      demo.token,
    );
    const due = list.kits.find((k) => k.status === 'expiring');
    expect(due, 'the seeded demo customer has a kit expiring within 7 days').toBeTruthy();

    await signInBrowser(page, demo, '/home');
    // The demo's expiring kit is on the second page of its list.
    await page.getByRole('searchbox', { name: 'Search kits' }).waitFor();
    if ((await kitCard(page, due!.kit_number).count()) === 0) {
      await page.getByRole('navigation', { name: 'Kit pages' }).getByRole('button', { name: 'Page 2' }).click();
    }
    await openDashboard(page, due!);
    await expect(page.getByTestId('kit-status')).toHaveText('expiring soon');
    const renew = page.getByRole('button', { name: 'Renew' });
    await expect(renew).toBeEnabled();
    await renew.click();
    await confirmCharge(page);
    await expect(page.getByText('Renewal successful!')).toBeVisible();
    // Paid a month ahead now: renewing again must wait.
    await expect(renew).toBeDisabled();
  });
});

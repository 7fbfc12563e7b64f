/**
 * Every dialog of the portal on a small 360 x 640 phone: the panel fits the screen, and each of its buttons can be
 * brought wholly into view (by the dialog's own scrolling if it is taller than the screen) with nothing over it.
 */
import type { Locator, Page } from '@playwright/test';
import { createActiveKit, createKit, signInBrowser, verifyEmail } from '../support/api';
import { test, expect } from '../support/fixtures';

const VIEWPORT = { width: 360, height: 640 };
test.use({ viewport: VIEWPORT, hasTouch: true });

async function expectEveryActionReachable(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORT.height);
  // The dialog's own controls: a message shown in it brings its Dismiss button, gone with it when it times out.
  const buttons = dialog.getByRole('button').and(page.locator(':not([aria-label="Dismiss message"])'));
  const count = await buttons.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i += 1) {
    const button = buttons.nth(i);
    await button.scrollIntoViewIfNeeded();
    // Wholly visible: neither under the screen's edge nor clipped by the dialog's own scrolling.
    await expect(button).toBeInViewport({ ratio: 1 });
    // And what a tap at its centre reaches is the button itself.
    await button.click({ trial: true, timeout: 2_000 });
  }
}

test('/home: Add kit, Kit details, Insufficient Funds, Fund Account and Payment Details', async ({ page, customer }) => {
  await verifyEmail(customer);
  const kit = await createKit(customer);
  await signInBrowser(page, customer, '/home');

  await page.getByRole('button', { name: 'Add kit' }).first().click();
  const addKit = page.getByRole('dialog', { name: 'Add kit' });
  await expectEveryActionReachable(page, addKit);
  await addKit.getByRole('textbox', { name: /kit number/i }).fill(`KIT-PHONE-${Date.now()}`);
  await addKit.getByRole('button', { name: 'Next' }).click();
  const details = page.getByRole('dialog', { name: 'Kit details' });
  await expectEveryActionReachable(page, details);
  await details.getByRole('button', { name: 'Cancel' }).click();
  await expect(details).toHaveCount(0);

  await page.getByRole('button', { name: `Activate ${kit.kit_number}` }).click();
  const insufficient = page.getByRole('dialog', { name: 'Insufficient Funds' });
  await expectEveryActionReachable(page, insufficient);
  await insufficient.getByRole('button', { name: 'Fund Account' }).click();
  const fund = page.getByRole('dialog', { name: 'Fund Account' });
  await expectEveryActionReachable(page, fund);
  await fund.getByRole('button', { name: 'Continue' }).click();
  await expectEveryActionReachable(page, page.getByRole('dialog', { name: 'Payment Details' }));
});

test('/dashboard/{id}: Edit Kit Address', async ({ page, customer }) => {
  await verifyEmail(customer);
  const kit = await createActiveKit(customer);
  await signInBrowser(page, customer, `/dashboard/${kit.id}`);
  await page.getByRole('button', { name: 'Edit address' }).click();
  await expectEveryActionReachable(page, page.getByRole('dialog', { name: 'Edit Kit Address' }));
});

test('/profile: the edit dialogs and both verifications', async ({ page, customer }) => {
  await signInBrowser(page, customer, '/profile');
  // An unverified email: the portal asks for it on its own.
  const email = page.getByRole('dialog', { name: 'Email verification' });
  await expectEveryActionReachable(page, email);
  await email.getByRole('button', { name: 'Not now' }).click();
  await expect(email).toHaveCount(0);

  for (const [opener, title] of [
    ['Edit email', 'Edit email'],
    ['Edit phone number', 'Edit phone number'],
    ['Edit WhatsApp number', 'Edit WhatsApp number'],
    ['Verify WhatsApp number', 'Phone/WhatsApp verification'],
  ] as const) {
    await page.getByRole('button', { name: opener }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expectEveryActionReachable(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});

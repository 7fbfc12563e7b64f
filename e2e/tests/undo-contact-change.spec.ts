import type { Page } from '@playwright/test';
import { latestMessage, operator, signInBrowser, uniqueEmail } from '../support/api';
import { test, expect } from '../support/fixtures';

/** A fresh customer's email is unverified, so the verification dialog opens on every protected screen. */
async function dismissEmailVerification(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Email verification' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('undo a contact change (issue 47 item 11)', () => {
  test("the old email's undo link opens the portal's page, which puts the old email back on the button only", async ({ page, customer }) => {
    const oldEmail = customer.email;
    const newEmail = uniqueEmail('changed');
    await signInBrowser(page, customer, '/profile');
    await dismissEmailVerification(page);
    const since = new Date();
    await page.getByRole('button', { name: 'Edit email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit email' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(newEmail);
    await dialog.getByLabel('Current password', { exact: true }).fill(customer.password);
    await dialog.getByRole('button', { name: 'Save email' }).click();
    await expect(dialog).toBeHidden();

    // The notice to the old address carries the undo link, at the portal's address.
    const notice = await latestMessage(oldEmail, 'email', { since });
    const link = new URL(notice.link ?? notice.body.match(/https?:\/\/\S+undo-contact-change\?token=\S+/)![0]);
    expect(link.pathname).toBe('/undo-contact-change');
    // As a phone opens it from the message.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${link.pathname}${link.search}`);

    await expect(page.getByRole('heading', { name: 'Put your old email address back?' })).toBeVisible();
    await expect(page.getByText(`Put ${oldEmail} back as your email address, in place of ${newEmail}?`)).toBeVisible();
    // In the portal's frame: its navbar is there.
    await expect(page.getByRole('navigation').first()).toBeVisible();
    // Nothing wider than the phone: the long addresses wrap.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Opening the link changed nothing.
    const users = () => operator<{ id: number; email: string }[]>({ cmd: 'users' });
    expect((await users()).find((u) => u.id === customer.user.id)?.email).toBe(newEmail);

    const acted = new Date();
    await page.getByRole('button', { name: `Put ${oldEmail} back` }).click();
    await expect(page.getByRole('heading', { name: 'Done' })).toBeVisible();
    await expect(page.getByText(`Your email address is ${oldEmail} again and every device has been signed out.`)).toBeVisible();
    expect((await users()).find((u) => u.id === customer.user.id)?.email).toBe(oldEmail);
    // The server mailed the old address a link to choose a new password.
    expect((await latestMessage(oldEmail, 'email', { since: acted })).link).toContain('reset-password');

    // The same link again: used, as the server says.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'This link is invalid, has expired or was already used.' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Put ${oldEmail} back` })).toHaveCount(0);
  });
});

import type { Page } from '@playwright/test';
import { logIn, readOutbox, uniqueEmail, signInBrowser } from '../support/api';
import { test, expect } from '../support/fixtures';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A new customer's email is unverified, so the profile area's dialog may open over /home: close it. */
async function closeEmailVerificationIfShown(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Email verification' });
  try {
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
  } catch {
    return;
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

/** The reset link the API emailed to `email` (newest one sent after `since`). */
async function resetTokenFor(email: string, since: number): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      link = readOutbox()
        .filter((m) => m.to === email && m.channel === 'email' && m.link && Date.parse(m.created_at) >= since - 1000)
        .pop()?.link;
      return link;
    })
    .toBeTruthy();
  // The link points at the API's configured portal, not necessarily the one under test.
  const token = new URL(link!).searchParams.get('token');
  expect(token).toBeTruthy();
  return token!;
}

test.describe('auth screens (spec sections 2, 5, 7, 8, 9)', () => {
  test('signup with a new email lands on /home signed in', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await page.getByLabel('First name', { exact: true }).fill('Ada');
    await page.getByLabel('Middle name (optional)', { exact: true }).fill('Ngozi');
    await page.getByLabel('Last name', { exact: true }).fill('Okafor');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await expect(page.getByRole('combobox', { name: 'Phone number country code' })).toHaveValue('+234');
    await page.getByLabel('Phone number', { exact: true }).fill('08031234567');
    await page.getByLabel('WhatsApp number', { exact: true }).fill('08031234568');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password', { exact: true }).fill('secret123');

    const signup = page.waitForRequest((r) => r.url().endsWith('/api/v1/signup') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    expect((await signup).postDataJSON()).toEqual({
      starlink_user: {
        email,
        password: 'secret123',
        confirm_password: 'secret123',
        phone_number: '+2348031234567',
        name: 'Ada Ngozi Okafor',
        whatsapp_number: '+2348031234568',
      },
    });

    await expect(page.getByText('Sign up and login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData'))) ?? '{}')).toMatchObject({ email });
    await closeEmailVerificationIfShown(page);
    await expect(mainNav(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Billing', exact: true })).toBeVisible();
  });

  test('signup checks required fields and matching passwords before sending', async ({ page }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/signup')) sent += 1;
    });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByLabel('First name', { exact: true })).toBeFocused();
    await expect(page.getByText('First name is required')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password', { exact: true }).fill('secret124');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    expect(sent).toBe(0);
  });

  test('login with a wrong password, then the right one', async ({ page, customer }) => {
    await page.goto('/login');
    await logIn(page, customer.email, 'wrong-password');
    // Spec section 8: the server's message when it sends one (the reference API's wording).
    await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    const shownAt = Date.now();
    // Spec section 9: /home 2 s after a login.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveURL(/\/home$/, { timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1_200);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData'))) ?? '{}')).toMatchObject({
      email: customer.email,
    });
  });

  test('the login page links to forgot-password and signup', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('logout from the profile, then log in again', async ({ page, customer }) => {
    await signInBrowser(page, customer, '/profile');
    await closeEmailVerificationIfShown(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await logIn(page, customer.email, customer.password);
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await closeEmailVerificationIfShown(page);
    await expect(mainNav(page).getByRole('link', { name: 'Billing', exact: true })).toBeVisible();
  });

  test('forgot password, reset from the emailed link, log in with the new password', async ({ page, customer }) => {
    await page.goto('/forgot-password');
    const since = Date.now();
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Reset link has been sent to your email!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

    const token = await resetTokenFor(customer.email, since);
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await page.getByLabel('New password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('New password must be at least 6 characters')).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('brand-new-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('brand-new-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password has been reset successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

    await logIn(page, customer.email, customer.password);
    await expect(page.getByText('Invalid email or password', { exact: true }).last()).toBeVisible();
    await logIn(page, customer.email, 'brand-new-1');
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a reset page without a token says "Invalid reset link"', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid reset link');
    await expect(page.getByRole('button', { name: 'Reset password' })).toHaveCount(0);
  });

  test('email confirmation takes at most 6 characters and submit goes to /login', async ({ page }) => {
    await page.goto('/email-confirmation');
    const code = page.getByLabel('Confirmation code');
    await code.pressSequentially('12345678');
    await expect(code).toHaveValue('123456');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the open screens fit a 360 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      '/signup',
      '/login',
      '/forgot-password',
      '/reset-password?token=x',
      '/email-confirmation',
      '/activate',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

import { test, expect } from '../support/fixtures';

test.describe('route guard (spec section 2)', () => {
  test('/ redirects to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const path of ['/home', '/dashboard/1', '/billing', '/profile']) {
    test(`${path} without stored user data goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  for (const path of ['/login', '/signup']) {
    test(`${path} with a stored token goes to /home`, async ({ page, signedIn }) => {
      expect(signedIn.token).toBeTruthy();
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
    });
  }

  test('a deep link into a protected area loads it directly', async ({ page, signedIn }) => {
    const { createKit } = await import('../support/api');
    const kit = await createKit(signedIn);
    await page.goto(`/dashboard/${kit.id}`);
    await expect(page.locator('[data-area="kits"]')).toBeAttached();
    await expect(page.getByText(kit.kit_number).first()).toBeVisible();
  });

  for (const path of ['/forgot-password', '/reset-password?token=x', '/email-confirmation', '/activate']) {
    test(`${path} is open`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(path.replace('?', '\\?') + '$'));
    });
  }
});

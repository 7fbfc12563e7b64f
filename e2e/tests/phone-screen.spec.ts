/**
 * The portal on a 360 x 740 touch screen, as a customer in Lagos uses it: errors that say what happened, a payment
 * in progress that survives a reload, forms that catch mistakes before the server, a dashboard that agrees with
 * itself, and search across every page of kits.
 */
import type { Page } from '@playwright/test';
import { api, createKit, signInBrowser, createFunding, uniqueEmail, verifyEmail, type Customer } from '../support/api';
import { test, expect } from '../support/fixtures';
import { serviceFailed } from '../../shared-api/src/texts';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, permissions: ['clipboard-read', 'clipboard-write'] });

/** A route change inside the app, as a link would make it (the shell's router follows history). */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function demoCustomer(): Promise<Customer> {
  const login = await api.post<{ user: Customer['user']; token: string }>('/api/v1/login', {
    starlink_user: { email: 'demo@example.com', password: 'demo1234' },
  });
  return { email: 'demo@example.com', password: 'demo1234', name: 'Demo', token: login.token, user: login.user };
}

test.describe('errors say what happened', () => {
  test('a kit that does not exist says so, with a way home', async ({ page, kitOwner }) => {
    await signInBrowser(page, kitOwner, '/home');
    await expect(page.getByRole('heading', { name: /^My kits/ })).toBeVisible();
    await goInApp(page, '/dashboard/987654321');
    await expect(page.getByRole('heading', { name: 'Kit not found' })).toBeVisible();
    await expect(page.getByText("We couldn't load this kit")).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to your kits' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a kit list that cannot be loaded says so, without a toast, and Retry loads it', async ({ page, kitOwner }) => {
    await page.route('**/api/v1/starlink_kits?**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await signInBrowser(page, kitOwner, '/home');
    const kits = page.getByRole('region', { name: /^My kits/ });
    await expect(kits.getByText(`Your kits could not be loaded. ${serviceFailed}`)).toBeVisible();
    await expect(page.getByText('You have no kits yet', { exact: false })).toHaveCount(0);
    await expect(page.getByText(/Failed/)).toHaveCount(0);

    await page.unroute('**/api/v1/starlink_kits?**');
    await kits.getByRole('button', { name: 'Retry' }).click();
    await expect(kits.getByRole('list', { name: 'Your kits' }).getByRole('listitem')).toHaveCount(1);
  });
});

test.describe('a payment in progress is never lost', () => {
  test('after a reload mid-payment /home shows it, and its link reopens Payment Details', async ({ page, kitOwner }) => {
    await signInBrowser(page, kitOwner, '/home');
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    const fund = page.getByRole('dialog', { name: 'Fund Account' });
    await fund.getByRole('textbox', { name: 'Amount (NGN)' }).pressSequentially('150000');
    await fund.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('dialog', { name: 'Payment Details' })).toBeVisible();
    const reference = await page.evaluate(() => localStorage.getItem('reference'));
    expect(reference).toBeTruthy();

    await page.reload();
    const card = page.getByRole('region', { name: 'Payment in progress' });
    await expect(card).toBeVisible();
    await expect(card.getByText('NGN 150,000', { exact: true })).toBeVisible();
    await expect(card.getByText(reference!, { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Copy reference' }).click();
    await expect(page.getByText('Reference copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

    await card.getByRole('link', { name: 'Open payment details' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    const details = page.getByRole('dialog', { name: 'Payment Details' });
    await expect(details).toBeVisible();
    await expect(details.getByRole('button', { name: 'Copy reference' })).toBeVisible();

    // 200% text: the reference stays on one line (its text's boxes share one top).
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    const lines = await details.getByTestId('payment-reference').evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
  });
});

test.describe('forms catch mistakes before the server does', () => {
  test('signup checks the phone numbers and the password length beside each field', async ({ page }) => {
    await page.goto('/signup');
    let signups = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/signup')) signups += 1;
    });
    await page.getByLabel('First name').fill('Ngozi');
    await page.getByLabel('Last name').fill('Adeyemi');
    await page.getByLabel('Email').fill(uniqueEmail('phone'));
    await page.getByRole('textbox', { name: 'Phone number' }).fill('0803abc4567');
    await page.getByRole('textbox', { name: 'WhatsApp number' }).fill('12');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abc');
    await page.getByRole('button', { name: 'Sign up' }).click();

    const phone = page.getByRole('textbox', { name: 'Phone number' });
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription('Use digits only (spaces and hyphens are fine).');
    await expect(phone).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'WhatsApp number' })).toHaveAccessibleDescription(
      'Enter 10 digits after +234 (a leading 0 is fine).',
    );
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /Password must be at least 6 characters/,
    );
    expect(signups).toBe(0);
  });

  test("the profile's phone dialog refuses a number too short for its country code", async ({ page, kitOwner }) => {
    await signInBrowser(page, kitOwner, '/profile');
    await page.getByRole('button', { name: 'Edit phone number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit phone number' });
    const field = dialog.getByRole('textbox', { name: 'Phone number' });
    await field.fill('0712345');
    await dialog.getByRole('combobox', { name: 'Phone number country code' }).selectOption('+254');
    await dialog.getByRole('button', { name: 'Save phone number' }).click();
    await expect(field).toHaveAccessibleDescription('Enter 9 digits after +254 (a leading 0 is fine).');
    await field.fill('0712345678');
    await dialog.getByLabel('Current password', { exact: true }).fill(kitOwner.password);
    await dialog.getByRole('button', { name: 'Save phone number' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('+254 712 345 678')).toBeVisible();
  });
});

test.describe('a kit dashboard never contradicts itself', () => {
  test('an expired kit with an unpaid invoice shows the last paid period and the invoice as unpaid', async ({
    page,
  }) => {
    const demo = await demoCustomer();
    const list = await api.get<{ kits: { id: number; status: string; kit_number: string }[] }>(
      '/api/v1/starlink_kits?page=1&per_page=50',
      demo.token,
    );
    const expired = list.kits.find((k) => k.status === 'expired');
    expect(expired, 'the seeded demo customer has an expired kit with an open invoice').toBeTruthy();
    const renewals = await api.get<{ status: string; start_date: string; end_date: string }[]>(
      `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${expired!.id}`,
      demo.token,
    );
    expect(renewals.map((r) => r.status)).toEqual(['invoice', 'receipt']);

    await signInBrowser(page, demo, '/home');
    await page.getByRole('searchbox', { name: 'Search kits' }).fill(expired!.kit_number);
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: expired!.kit_number, exact: true }) })
      .getByRole('link', { name: /Manage/ })
      .click();
    const card = page.getByRole('region', { name: 'Subscription details' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Last paid period')).toBeVisible();
    await expect(card.getByText('Current period')).toHaveCount(0);
    await expect(card.getByText('Unpaid invoice')).toBeVisible();
    await expect(card.getByText('Amount due')).toBeVisible();
    await expect(card.getByText('Pay by')).toBeVisible();
    await expect(page.getByTestId('kit-status')).toHaveText('expired');
  });
});

test.describe('search and the status filter cover every page', () => {
  test('a kit on page 2 is found from page 1, one request per page', async ({ page, customer }) => {
    await verifyEmail(customer);
    const kits = [];
    for (let i = 0; i < 12; i += 1) kits.push(await createKit(customer));
    // Newest first: the first kit created is on page 2.
    const onPage2 = kits[0]!;
    const pagesAsked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/starlink_kits' && request.method() === 'GET') {
        pagesAsked.push(`${url.searchParams.get('page')}/${url.searchParams.get('per_page')}`);
      }
    });
    await signInBrowser(page, customer, '/home');
    const region = page.getByRole('region', { name: /^My kits/ });
    await expect(region.getByRole('list', { name: 'Your kits' }).getByRole('listitem')).toHaveCount(10);
    expect(pagesAsked).toEqual(['1/10']);

    await region.getByRole('searchbox', { name: 'Search kits' }).fill(onPage2.kit_number);
    await expect(region.getByRole('heading', { name: onPage2.kit_number, exact: true })).toBeVisible();
    await expect(region.getByRole('list', { name: 'Your kits' }).getByRole('listitem')).toHaveCount(1);

    await region.getByRole('searchbox', { name: 'Search kits' }).fill('');
    await region.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Online' });
    // Every new kit is pending, which the list styles online: 12 matches, 10 here and 2 on the next page of matches.
    await expect(region.getByRole('list', { name: 'Your kits' }).getByRole('listitem')).toHaveCount(10);
    await region.getByRole('navigation', { name: 'Matching kit pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(region.getByRole('list', { name: 'Your kits' }).getByRole('listitem')).toHaveCount(2);
    expect(pagesAsked).toEqual(['1/10', '2/10']);
  });
});

/**
 * Each control of the page that is shown, focused as Tab or a tap would bring it into view, listed when the floating
 * chat link then lies over any part of it.
 */
function controlsUnderChatLink(page: Page) {
  return page.evaluate(() => {
    const link = document.querySelector('a[aria-label^="Chat with us"]');
    if (!link) return ['no chat link'];
    const under: string[] = [];
    for (const control of Array.from(document.querySelectorAll<HTMLElement>('main button, main a[href], main input, main select'))) {
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      control.focus();
      const b = control.getBoundingClientRect();
      const a = link.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
        under.push(`${control.tagName} "${(control.textContent || control.getAttribute('aria-label') || '').trim().slice(0, 40)}"`);
      }
      control.blur();
    }
    return under;
  });
}

test.describe('the floating chat link and the dialogs leave every control in reach', () => {
  test('no control of /home or /billing is under the chat link when it comes into view', async ({ page, customer }) => {
    await verifyEmail(customer);
    for (let i = 0; i < 3; i += 1) await createKit(customer);
    // A funding not yet confirmed: its row in /billing's table ends with a Confirm button.
    await createFunding(customer, 150000);
    await signInBrowser(page, customer, '/home');
    const activate = page.getByRole('button', { name: /^Activate/ });
    await expect(activate).toHaveCount(3);
    expect(await controlsUnderChatLink(page)).toEqual([]);
    // A tap where the customer sees the first kit's button reaches it, not the link.
    await page.evaluate(() => window.scrollTo(0, 0));
    await activate.first().click({ trial: true, timeout: 2_000 });

    await page.goto('/billing');
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible();
    expect(await controlsUnderChatLink(page)).toEqual([]);
  });

  test('Payment Details keeps "I have made the payment" wholly on screen, its details scrolling inside the dialog', async ({
    page,
    kitOwner,
  }) => {
    await signInBrowser(page, kitOwner, '/home');
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    const fund = page.getByRole('dialog', { name: 'Fund Account' });
    await fund.getByRole('textbox', { name: 'Amount (NGN)' }).fill('150000');
    await fund.getByRole('button', { name: 'Continue' }).click();
    const details = page.getByRole('dialog', { name: 'Payment Details' });
    await expect(details).toBeVisible();
    const box = (await details.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    const paid = details.getByRole('button', { name: 'I have made the payment' });
    // Wholly visible: neither under the screen's edge nor clipped by the dialog's own scrolling.
    await expect(paid).toBeInViewport({ ratio: 1 });
    await expect(details.getByRole('button', { name: 'Pay later' })).toBeInViewport({ ratio: 1 });
    await paid.click();
    await expect(page.getByText('Thanks for confirming, your wallet would be credited when payment is received!')).toBeVisible();
  });
});

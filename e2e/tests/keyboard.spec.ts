import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { api, createCustomer, latestMessage, operator, signInBrowser, createFunding, uniqueEmail } from '../support/api';
import { PHONE } from '../support/a11y';
import { verifyEmail } from '../support/api';
import { test, expect } from '../support/fixtures';

/**
 * Issue 10: the customer's main journeys with the keyboard only. Every Tab stop must show a visible
 * focus indicator, dialogs take focus, trap it, close on Escape and give focus back.
 */

const STARTED = 'Funding process  started. Please proceed to make payment.';
const THANKS = 'Thanks for confirming, your wallet would be credited when payment is received!';

/** What a screen reader would announce for the focused element, roughly: its label or its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(body)';
    const aria = el.getAttribute('aria-label');
    if (aria) return aria;
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return (labels[0]!.textContent ?? '').replace(/\s+/g, ' ').trim();
    return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

/** The focused element draws an outline or a box shadow (not `outline: none` with nothing instead). */
function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? style.outlineStyle : '';
    const shadow = style.boxShadow !== 'none' ? 'shadow' : '';
    return outline || shadow;
  });
}

async function press(page: Page, key: string): Promise<string> {
  await page.keyboard.press(key);
  const name = await focusedName(page);
  expect(await focusIndicator(page), `visible focus on "${name}"`).not.toBe('');
  return name;
}

/** Tab (or Shift+Tab) until `target` has focus, checking the focus indicator at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    seen.push(await press(page, back ? 'Shift+Tab' : 'Tab'));
    if (await target.evaluate((el) => el === document.activeElement)) return seen;
  }
  throw new Error(`not reached with the keyboard after ${max} stops: ${seen.join(' | ')}`);
}

/** `expected` appear in `seen` in this order (other stops may sit between them). */
function expectInOrder(seen: string[], expected: string[]) {
  let at = 0;
  for (const name of seen) if (name === expected[at]) at += 1;
  expect(at, `tab order ${JSON.stringify(seen)} should visit ${JSON.stringify(expected)} in order`).toBe(
    expected.length,
  );
}

/** Tab `times` stops inside `dialog` and check focus never leaves it (both directions). */
async function expectFocusTrapped(page: Page, dialog: Locator, times = 8) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < times; i += 1) {
      await press(page, key);
      expect(
        await dialog.evaluate((el) => el.contains(document.activeElement)),
        `${key} #${i + 1} stays in the dialog`,
      ).toBe(true);
    }
  }
}

async function expectToastAnnounced(page: Page, text: string) {
  const toast = page.getByRole('status').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('aria-live', 'polite');
}

test.describe('keyboard only', () => {
  test('sign up, then verify the email from the dialog that opens', async ({ page }) => {
    const email = uniqueEmail('kbd');
    const phone = `80${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();

    const seen = await tabTo(page, page.getByLabel('First name'));
    expect(seen[0], 'the skip link comes first').toBe('Skip to content');
    await page.keyboard.type('Ada');
    const fill: [string, string | null][] = [
      ['Middle name (optional)', null],
      ['Last name', 'Obi'],
      ['Email', email],
      ['Phone number country code', null],
      ['Phone number', phone],
      ['WhatsApp number country code', null],
      ['WhatsApp number', phone],
      ['Password', 'secret123'],
      ['Show password', null],
      ['Confirm password', 'secret123'],
      ['Show confirm password', null],
      ['Sign up', null],
    ];
    for (const [name, value] of fill) {
      expect(await press(page, 'Tab')).toBe(name);
      if (value) await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');
    await expectToastAnnounced(page, 'Sign up and login successful!');
    await expect(page).toHaveURL(/\/home$/);

    // A new customer's email is unverified: the dialog opens with focus on Send code (no code to type yet).
    const dialog = page.getByRole('dialog', { name: 'Email verification' });
    await expect(dialog).toBeVisible();
    const code = dialog.getByRole('textbox', { name: 'Verification code' });
    await expect(dialog.getByRole('button', { name: 'Send code' })).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await tabTo(page, dialog.getByRole('button', { name: 'Send code' }));
    const since = new Date();
    await page.keyboard.press('Enter');
    await expectToastAnnounced(page, 'OTP sent to your email!');
    const message = await latestMessage(email, 'email', { since, withCode: true });
    await expect(code).toBeFocused();
    await page.keyboard.type(message.code!);
    await page.keyboard.press('Enter');
    await expectToastAnnounced(page, 'Email verified successfully!');
    await expect(dialog).toBeHidden();
  });

  test('log in; Escape dismisses the email dialog; errors are tied to their fields', async ({ page, customer }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email' });
    const seen = await tabTo(page, email);
    expectInOrder(seen, ['Skip to content', 'Starlink Kits', 'Email']);

    // Submitted empty: each error is announced and is the field's description.
    await tabTo(page, page.getByRole('button', { name: 'Log in', exact: true }));
    await page.keyboard.press('Enter');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/required/i);
    await expect(email).toBeFocused();

    await page.keyboard.type(customer.email);
    expect(await press(page, 'Tab')).toBe('Password');
    await page.keyboard.type(customer.password);
    expect(await press(page, 'Tab')).toBe('Show password');
    expect(await press(page, 'Tab')).toBe('Log in');
    await page.keyboard.press('Enter');
    await expectToastAnnounced(page, 'Login successful!');
    await expect(page).toHaveURL(/\/home$/);

    const dialog = page.getByRole('dialog', { name: 'Email verification' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' }), 'the page behind the dialog keeps focus').toBeFocused();
  });

  test('a new page takes focus on its heading; Tab carries on from there', async ({ page, customer }) => {
    await verifyEmail(customer);
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    await tabTo(page, email);
    await page.keyboard.type(customer.email);
    await press(page, 'Tab');
    await page.keyboard.type(customer.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);

    const home = page.getByRole('heading', { level: 1, name: 'Home' });
    await expect(home, 'the screen reader announces the new page').toBeFocused();
    expect(await focusIndicator(page), 'the heading shows the focus ring').not.toBe('');
    expect(await press(page, 'Tab'), 'Tab reaches the first control after the heading').toBe('Fund wallet');

    // A navbar link followed by keyboard: the billing page's heading takes focus.
    await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeFocused();

    // Back in history is a change of page too.
    await page.goBack();
    await expect(home).toBeFocused();
  });

  test('add a kit, activate it, fund the wallet and confirm the payment', async ({ page, customer }) => {
    await verifyEmail(customer);
    await signInBrowser(page, customer, '/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByText('You have no kits yet.', { exact: false })).toBeVisible();

    // Add kit, step 1 then step 2.
    const addKit = page.getByRole('button', { name: 'Add kit' }).first();
    const seen = await tabTo(page, addKit);
    expectInOrder(seen, ['Skip to content', 'Starlink Kits', 'Home', 'Billing', 'Profile', 'Fund wallet', 'Add kit']);
    await page.keyboard.press('Enter');
    const step1 = page.getByRole('dialog', { name: 'Add kit' });
    await expect(step1).toBeVisible();
    await expect(step1.getByLabel('Kit number')).toBeFocused();
    await expectFocusTrapped(page, step1);
    await page.keyboard.press('Escape');
    await expect(step1).toBeHidden();
    await expect(addKit, 'Escape gives focus back to Add kit').toBeFocused();

    await page.keyboard.press('Enter');
    await expect(step1.getByLabel('Kit number')).toBeFocused();
    const kitNumber = `KIT-${randomUUID().slice(0, 8).toUpperCase()}`;
    await page.keyboard.type(kitNumber);
    await page.keyboard.press('Enter');
    const step2 = page.getByRole('dialog', { name: 'Kit details' });
    await expect(step2).toBeVisible();
    expect(await step2.evaluate((el) => el.contains(document.activeElement)), 'focus moves into step 2').toBe(true);
    await expectFocusTrapped(page, step2);
    await tabTo(page, step2.getByLabel('Full address'));
    await page.keyboard.type('4 Allen Avenue, Ikeja, Lagos');
    await tabTo(page, step2.getByLabel('NIN'));
    await page.keyboard.type('12345678901');
    await page.keyboard.press('Enter');
    await expectToastAnnounced(page, 'Starlink kit added successfully!');
    await expect(step2).toBeHidden();
    await expect(addKit, 'focus returns to Add kit after step 2').toBeFocused();

    // Activate without money: Insufficient Funds, then Fund Account prefilled with the amount due.
    const activate = page.getByRole('button', { name: `Activate ${kitNumber}` });
    await tabTo(page, activate);
    await page.keyboard.press('Enter');
    const insufficient = page.getByRole('dialog', { name: 'Insufficient Funds' });
    await expect(insufficient).toBeVisible();
    await expectFocusTrapped(page, insufficient, 4);
    await tabTo(page, insufficient.getByRole('button', { name: 'Fund Account' }));
    await page.keyboard.press('Enter');
    const fund = page.getByRole('dialog', { name: 'Fund Account' });
    const amount = fund.getByRole('textbox', { name: 'Amount (NGN)' });
    await expect(amount).toBeFocused();
    await expect(amount).toHaveValue(/^[\d,]+$/);
    await page.keyboard.press('Enter');

    const details = page.getByRole('dialog', { name: 'Payment Details' });
    await expect(details).toBeVisible();
    await expect
      .poll(() => page.getByRole('status').allTextContents(), { message: 'the funding toast is announced' })
      .toContain(STARTED);
    await expectFocusTrapped(page, details);
    await tabTo(page, details.getByRole('button', { name: 'I have made the payment' }));
    await page.keyboard.press('Enter');
    await expectToastAnnounced(page, THANKS);
    await expect(details).toBeHidden();
    await expect(activate, 'focus is back where the customer started').toBeFocused();

    // The operator credits the transfer; activation now succeeds.
    const fundings = await api.get<{ reference: string }[]>('/api/v1/starlink_wallet_fundings', customer.token);
    await operator({ cmd: 'funding', decision: 'approve', reference: fundings[0]!.reference });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: `Activate ${kitNumber}` }));
    await page.keyboard.press('Enter');
    // The price first; Pay, reached by the keyboard, charges.
    const confirm = page.getByRole('dialog', { name: `Activate ${kitNumber}?` });
    await expect(confirm).toBeVisible();
    await tabTo(page, confirm.getByRole('button', { name: /^Pay NGN/ }));
    await page.keyboard.press('Enter');
    await expectToastAnnounced(page, 'Activation successful!');
  });

  test('edit a contact, Escape a dialog, log out', async ({ page, customer }) => {
    await verifyEmail(customer);
    await signInBrowser(page, customer, '/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

    const editPhone = page.getByRole('button', { name: 'Edit phone number' });
    const seen = await tabTo(page, editPhone);
    expectInOrder(seen, ['Edit email', 'Edit phone number']);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit phone number' });
    const field = dialog.getByRole('textbox', { name: 'Phone number' });
    await expect(field).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(editPhone).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(field).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Phone number is required.');
    const number = `80${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await page.keyboard.type(number);
    // Beyond the spec, a contact change asks for the current password: the next field.
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Current password', { exact: true })).toBeFocused();
    await page.keyboard.type(customer.password);
    await page.keyboard.press('Enter');
    await expectToastAnnounced(page, 'Phone number updated successfully');
    await expect(dialog).toBeHidden();
    await expect(editPhone).toBeFocused();
    // Shown grouped for reading: "+234 80x xxx xxxx".
    await expect(page.getByText(`+234 ${number.slice(0, 3)} ${number.slice(3, 6)} ${number.slice(6)}`)).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Log out' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test('the hamburger menu opens and closes by keyboard on a phone', async ({ page, customer }) => {
    await page.setViewportSize(PHONE);
    await verifyEmail(customer);
    await signInBrowser(page, customer, '/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const seen = await tabTo(page, menu);
    expectInOrder(seen, ['Skip to content', 'Starlink Kits', 'Menu']);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Billing' })).toBeHidden();

    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Billing' })).toBeHidden();
    await page.keyboard.press('Space');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    // Into the menu and out with Escape: focus comes back to the toggle.
    await page.keyboard.press('Enter');
    expect(await press(page, 'Tab')).toBe('Home');
    expect(await press(page, 'Tab')).toBe('Billing');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    // A link followed from the menu navigates and closes it.
    await page.keyboard.press('Enter');
    await tabTo(page, nav.getByRole('link', { name: 'Billing' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/billing$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('two areas’ dialogs at once: only the top one takes the keyboard', async ({ page }) => {
    // An unverified customer with a payment in progress: after a reload billing reopens Payment Details
    // and the profile area opens Email verification over the same screen.
    const customer = await createCustomer();
    const funding = await createFunding(customer, 50_000);
    await signInBrowser(page, customer, '/login');
    await page.evaluate(
      ([id, reference]) => {
        localStorage.setItem('PaymentAmount', '50000');
        localStorage.setItem('fundingId', id);
        localStorage.setItem('reference', reference);
        localStorage.setItem('method', 'offline');
      },
      [String(funding.id), funding.reference] as const,
    );
    await page.goto('/billing');
    const dialogs = page.getByRole('dialog');
    await expect(page.getByRole('dialog', { name: 'Email verification' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Payment Details' })).toBeVisible();
    await expect(dialogs).toHaveCount(2);

    const topName = () =>
      page.evaluate(() => {
        // What the screen shows on top: the top dialog, or its backdrop, which hit-tests as the dialog itself.
        const top = document.elementFromPoint(innerWidth / 2, innerHeight / 2)!.closest('dialog')!;
        return document.getElementById(top.getAttribute('aria-labelledby')!)!.textContent!;
      });
    const top = page.getByRole('dialog', { name: await topName() });
    await expect.poll(() => top.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectFocusTrapped(page, top, 6);

    await page.keyboard.press('Escape');
    await expect(dialogs).toHaveCount(1);
    const remaining = dialogs.first();
    expect(
      await remaining.evaluate((el) => el.contains(document.activeElement)),
      'focus moves into the other dialog',
    ).toBe(true);
    await expectFocusTrapped(page, remaining, 4);
    await page.keyboard.press('Escape');
    await expect(dialogs).toHaveCount(0);
  });
});

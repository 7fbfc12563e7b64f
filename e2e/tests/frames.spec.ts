/**
 * Customer screens show their frame (headings, placeholders the size of the content) before their data, so nothing
 * on screen moves when the data arrives: the layout shifts from the first paint until the data is shown add up to at
 * most 0.01 (the "good" Cumulative Layout Shift is 0.1), on a 360×740 phone and on a desktop.
 */
import type { Locator, Page } from '@playwright/test';
import { createActiveKit, storeSession, verifyEmail, type Customer } from '../support/api';
import { test, expect } from '../support/fixtures';
import { held } from '../support/held';

const MAX_SHIFT = 0.01;

declare global {
  interface Window {
    frameShifts?: { value: number; sources: string[] }[];
  }
}

/** Every layout shift of the document not caused by input, from its first paint (buffered). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    window.frameShifts = [];
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node;
          return node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}`.slice(0, 80) : '?';
        });
        window.frameShifts?.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftSum(page: Page) {
  // Two frames after the data is shown, so a shift of its own paint is recorded.
  const shifts = await page.evaluate(
    () =>
      new Promise<{ value: number; sources: string[] }[]>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.frameShifts ?? []))),
      ),
  );
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

/**
 * Opens `path` signed in as `customer` with every API answer held: the page's frame is shown (`frame`), then the
 * answers go through and the data is shown (`data`); the shifts measured in between add up to at most MAX_SHIFT.
 */
async function expectKeepsPlace(
  page: Page,
  customer: Customer,
  path: string,
  frame: (page: Page) => Locator,
  data: (page: Page) => Locator[],
) {
  await storeSession(page, customer);
  await recordShifts(page);
  const answers = held();
  await page.route((url) => url.pathname.startsWith('/api/'), answers.handler);
  await page.goto(path);
  await expect(frame(page)).toBeVisible();
  answers.release();
  for (const shown of data(page)) await expect(shown).toBeVisible();
  const { total, shifts } = await shiftSum(page);
  expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(MAX_SHIFT);
}

async function customerWithKit(customer: Customer) {
  await verifyEmail(customer);
  return createActiveKit(customer);
}

for (const screen of [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
]) {
  test.describe(`frames on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('/home keeps its place when the balance and the kits arrive', async ({ page, customer }) => {
      const kit = await customerWithKit(customer);
      await expectKeepsPlace(
        page,
        customer,
        '/home',
        (p) => p.getByRole('status', { name: 'Loading your kits' }),
        (p) => [
          p.getByRole('heading', { name: kit.kit_number, exact: true }),
          p.getByRole('region', { name: 'Wallet balance' }).getByText(/NGN/),
        ],
      );
    });

    test('/dashboard/{id} keeps its place when the kit and its renewals arrive', async ({ page, customer }) => {
      const kit = await customerWithKit(customer);
      await expectKeepsPlace(
        page,
        customer,
        `/dashboard/${kit.id}`,
        (p) => p.getByRole('status', { name: 'Loading kit details' }),
        (p) => [
          p.getByRole('heading', { name: `Kit ${kit.kit_number}` }),
          p.getByRole('button', { name: /Download PDF/ }).first(),
          p.getByRole('region', { name: 'Subscription details' }).getByText('Last payment'),
        ],
      );
    });

    test('/billing keeps its place when the wallet and the fundings arrive', async ({ page, customer }) => {
      await customerWithKit(customer);
      await expectKeepsPlace(
        page,
        customer,
        '/billing',
        (p) => p.getByRole('heading', { name: 'Transaction history' }),
        (p) => [
          p.getByRole('region', { name: 'Wallet' }).getByText(/NGN/).first(),
          p.getByRole('row', { name: /FND/ }).first(),
        ],
      );
    });

    test('/profile keeps its place when the details are shown', async ({ page, customer }) => {
      await verifyEmail(customer);
      await expectKeepsPlace(
        page,
        customer,
        '/profile',
        (p) => p.getByRole('heading', { name: 'Your details' }),
        // The email's verification status comes from the API after the details: its badge must not push rows down.
        (p) => [
          p.getByText(customer.user.email ?? customer.email, { exact: true }),
          p.getByRole('region', { name: 'Your details' }).getByText('Verified', { exact: true }).first(),
        ],
      );
    });
  });
}

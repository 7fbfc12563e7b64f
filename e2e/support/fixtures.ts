import { test as base, expect } from '@playwright/test';
import { createCustomer, createKit, signInBrowser, verifyEmail, type Customer } from './api';

/**
 * `customer`: a fresh customer per test; `signedIn`: that customer, with the portal open at /home; `kitOwner`: that
 * customer with a verified email and one kit, not yet signed in in the browser (its cache still empty).
 */
export const test = base.extend<{ customer: Customer; signedIn: Customer; kitOwner: Customer; saveData: boolean }>({
  /**
   * The browser says the customer asked to save data (`navigator.connection.saveData`), so the shell fetches an area's
   * code only on intent, as every spec that counts requests expects; `test.use({ saveData: false })` lets it fetch the
   * customer's pages in idle time (e2e/tests/save-data.spec.ts).
   */
  saveData: [true, { option: true }],
  context: async ({ context, saveData }, use) => {
    if (saveData) await context.addInitScript(saysSaveData);
    await use(context);
  },
  customer: async ({}, use) => {
    await use(await createCustomer());
  },
  signedIn: async ({ page, customer }, use) => {
    await signInBrowser(page, customer);
    await use(customer);
  },
  kitOwner: async ({ customer }, use) => {
    await verifyEmail(customer);
    await createKit(customer);
    await use(customer);
  },
});

/** In the page, before its scripts: the connection's Save-Data flag is on. */
export function saysSaveData() {
  const connection = (navigator as Navigator & { connection?: object }).connection;
  if (connection) Object.defineProperty(connection, 'saveData', { get: () => true, configurable: true });
  else Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
}

export { expect };

import { test as base, expect } from '@playwright/test';
import { createCustomer, createKit, signInBrowser, verifyEmail, type Customer } from './api';

/**
 * `customer`: a fresh customer per test; `signedIn`: that customer, with the portal open at /home; `kitOwner`: that
 * customer with a verified email and one kit, not yet signed in in the browser (its cache still empty).
 */
export const test = base.extend<{ customer: Customer; signedIn: Customer; kitOwner: Customer }>({
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

export { expect };

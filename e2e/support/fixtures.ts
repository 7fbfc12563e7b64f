import { test as base, expect } from '@playwright/test';
import { createCustomer, signInBrowser, type Customer } from './api';

/** `customer`: a fresh customer per test; `signedInPage`: the portal open at /home as that customer. */
export const test = base.extend<{ customer: Customer; signedIn: Customer }>({
  customer: async ({}, use) => {
    await use(await createCustomer());
  },
  signedIn: async ({ page, customer }, use) => {
    await signInBrowser(page, customer);
    await use(customer);
  },
});

export { expect };

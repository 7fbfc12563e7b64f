import type { Page } from '@playwright/test';
import { signInBrowser, verifyEmail, type Customer } from './api';

/**
 * The customer, email verified, signed in on /home with Fund Account open and `amount` typed in: where a test of
 * what the funding dialogs show starts. Returns the Fund Account dialog.
 */
export async function fundAccountFromHome(page: Page, customer: Customer, amount: string) {
  await verifyEmail(customer);
  await signInBrowser(page, customer, '/home');
  await page.getByRole('button', { name: 'Fund wallet' }).first().click();
  const fund = page.getByRole('dialog', { name: 'Fund Account' });
  await fund.getByRole('textbox', { name: 'Amount (NGN)' }).fill(amount);
  return fund;
}

/**
 * The confirmation Activate, Renew and Reactivate open before charging (the price from the API's charge quote), and
 * a server of spec section 7 only, where the portal charges on the first tap.
 */
import { expect, type Page } from '@playwright/test';

/** The open "Activate KIT-…?" / "Renew KIT-…?" / "Reactivate KIT-…?" dialog. */
export const chargeDialog = (page: Page) => page.getByRole('dialog', { name: /^(Activate|Renew|Reactivate) .+\?$/ });

/** Presses Pay in the confirmation and returns the button, for a test that asserts on it. */
export async function confirmCharge(page: Page) {
  const pay = chargeDialog(page).getByRole('button', { name: /^Pay NGN [\d,]+$/ });
  await expect(pay).toBeVisible();
  await pay.click();
  return pay;
}

/** The API as spec section 7 has it: no charge quote (404), so a charge goes on the tap. */
export async function withoutChargeQuote(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.endsWith('/charge_quote'),
    (route) => route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Not Found' }) }),
  );
}

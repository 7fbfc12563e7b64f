/**
 * Issue 37: a new customer's kit from "added" to paid for, with the real API and the operator's actions, on a
 * 360 x 740 phone. Every state shows its one next step; nothing is charged before the price is confirmed.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { api, operator, readOutbox, signInBrowser, verifyEmail } from '../support/api';
import { chargeDialog } from '../support/charge';
import { test, expect } from '../support/fixtures';

const PRICE = 57_000;
const REVIEWING = 'We are reviewing this kit. You can activate it once it is approved; no action is needed from you.';
const READY = 'Ready to activate: pay for its first 30 days from your wallet.';

function kitCard(page: Page, kitNumber: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: kitNumber, exact: true }) });
}

test.use({ viewport: { width: 360, height: 740 } });

test('add a kit, operator review, fund, operator approval, activate, renew: one next step at each state', async ({ page, customer }) => {
  test.setTimeout(180_000);
  await verifyEmail(customer);
  await signInBrowser(page, customer, '/home');
  const kitNumber = `KIT-${randomUUID().slice(0, 8).toUpperCase()}`;

  // Added: approved and ready to activate (spec section 4: pending shows "approved" with Activate).
  await page.getByRole('button', { name: 'Add kit' }).first().click();
  await page.getByRole('dialog', { name: 'Add kit' }).getByLabel('Kit number').fill(kitNumber);
  await page.getByRole('dialog', { name: 'Add kit' }).getByRole('button', { name: 'Next' }).click();
  const details = page.getByRole('dialog', { name: 'Kit details' });
  await details.getByLabel('Full address').fill('4 Allen Avenue, Ikeja, Lagos');
  await details.getByLabel('NIN').fill('12345678901');
  await details.getByRole('button', { name: 'Add kit' }).click();
  await expect(page.getByText('Starlink kit added successfully!')).toBeVisible();
  const card = kitCard(page, kitNumber);
  await expect(card.getByTestId('kit-status')).toContainText('approved');
  await expect(card.getByTestId('kit-next-step')).toHaveText(READY);
  await expect(card.getByRole('button', { name: `Activate ${kitNumber}` })).toBeVisible();

  // Held for review: no button to press, a sentence saying who acts next, on the card and on the kit's page.
  await operator({ cmd: 'kit', kitNumber, status: 'need_approval' });
  await page.reload();
  await expect(card.getByTestId('kit-next-step')).toHaveText(REVIEWING);
  await expect(card.getByRole('button', { name: /Activate/ })).toHaveCount(0);
  await card.getByRole('link', { name: `Manage ${kitNumber}` }).click();
  await expect(page.getByRole('heading', { name: `Kit ${kitNumber}` })).toBeVisible();
  await expect(page.getByTestId('kit-status')).toHaveText('processing');
  await expect(page.getByText(REVIEWING)).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Activate|Renew|Reactivate)$/ })).toHaveCount(0);

  // Approved by the operator: Activate, on the kit's page too (the dead end of issue 37, item 1).
  await operator({ cmd: 'kit', kitNumber, status: 'accepted' });
  await page.reload();
  await expect(page.getByTestId('kit-status')).toHaveText('approved');
  await expect(page.getByText('Not activated yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toBeEnabled();
  await page.getByRole('link', { name: 'Back to home' }).first().click();
  await expect(card.getByTestId('kit-next-step')).toHaveText(READY);

  // An empty wallet: the price check leads straight to Insufficient Funds and the fund flow, nothing charged.
  await card.getByRole('button', { name: `Activate ${kitNumber}` }).click();
  const insufficient = page.getByRole('dialog', { name: 'Insufficient Funds' });
  await expect(insufficient.getByText(`Amount due: NGN ${PRICE.toLocaleString('en-NG')}`)).toBeVisible();
  await insufficient.getByRole('button', { name: 'Fund Account' }).click();
  const fund = page.getByRole('dialog', { name: 'Fund Account' });
  await expect(fund.getByRole('textbox', { name: 'Amount (NGN)' })).toHaveValue('57,000');
  await fund.getByRole('button', { name: 'Continue' }).click();
  const payment = page.getByRole('dialog', { name: 'Payment Details' });
  await payment.getByRole('button', { name: 'I have made the payment' }).click();
  await expect(page.getByText('Thanks for confirming, your wallet would be credited when payment is received!')).toBeVisible();

  // The operator sees the transfer and credits the wallet.
  const fundings = await api.get<{ reference: string; status: string }[]>('/api/v1/starlink_wallet_fundings', customer.token);
  expect(fundings.map((f) => f.status)).toEqual(['need_approval']);
  await operator({ cmd: 'funding', decision: 'approve', reference: fundings[0]!.reference });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Wallet balance' }).getByText('NGN 57,000')).toBeVisible();

  // Activate: the price and the wallet after it first; Pay charges once.
  await card.getByRole('button', { name: `Activate ${kitNumber}` }).click();
  const confirm = chargeDialog(page);
  await expect(confirm).toHaveAccessibleName(`Activate ${kitNumber}?`);
  await expect(confirm.getByRole('definition').filter({ hasText: /^NGN/ })).toHaveText(['NGN 57,000', 'NGN 57,000', 'NGN 0']);
  await confirm.getByRole('button', { name: 'Pay NGN 57,000' }).dblclick();
  await expect(page.getByText('Activation successful!')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(card.getByTestId('kit-status')).toContainText('online');
  await expect(card.getByTestId('kit-next-step')).toHaveText(/^Paid up\. You can renew it from \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}\.$/);
  await expect(page.getByRole('region', { name: 'Wallet balance' }).getByText('NGN 0', { exact: true })).toBeVisible();
  const renewals = await api.get<unknown[]>(`/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${await kitId(customer.token, kitNumber)}`, customer.token);
  expect(renewals).toHaveLength(1);

  // Paid: the kit's page says when it renews, and Renew waits for the window.
  await card.getByRole('link', { name: `Manage ${kitNumber}` }).click();
  await expect(page.getByTestId('kit-status')).toHaveText('online');
  await expect(page.getByRole('button', { name: 'Renew', exact: true })).toBeDisabled();
  await expect(page.getByText('You can renew when 7 days or fewer remain before the deadline.')).toBeVisible();

  // A month on (the demo set-up's operator tool moves the paid period back) with an empty wallet: the next sweep tells
  // the customer by email, WhatsApp and on /home what to add, once.
  await operator({ cmd: 'demo-due', kitNumber });
  await operator({ cmd: 'sweep' });
  await operator({ cmd: 'sweep' });
  // The notice in the API's words (issue 47: with the balance), as the message said.
  const reminder = `and your wallet holds NGN 0. Add NGN ${PRICE.toLocaleString('en-NG')} to your wallet to renew it.`;
  // One email and one WhatsApp message, each written to the outbox as it is sent.
  const dueSoonTo = (to: string) => readOutbox().filter((m) => m.to === to && m.subject === 'Renewal due soon').length;
  await expect.poll(() => [dueSoonTo(customer.email), dueSoonTo(customer.user.whatsapp_number)]).toEqual([1, 1]);
  await page.getByRole('link', { name: 'Back to home' }).first().click();
  const notices = page.getByRole('region', { name: 'Updates about your money' });
  await expect(notices.getByText(`Kit ${kitNumber} is due for renewal on`)).toContainText(reminder);
  await expect(notices.getByText(/^We received your transfer of NGN 57,000 \(FND-/)).toBeVisible();
  await expect(card.getByTestId('kit-next-step')).toHaveText('Renew it to keep it online.');

  // Renew on the kit's page: the price check finds the wallet short, the customer funds it, the operator approves.
  await card.getByRole('link', { name: `Manage ${kitNumber}` }).click();
  // Renew explains itself like Activate (issue 47): Insufficient Funds with the price, then Fund Account, prefilled.
  await page.getByRole('button', { name: 'Renew', exact: true }).click();
  await expect(insufficient.getByText(`Amount due: NGN ${PRICE.toLocaleString('en-NG')}`)).toBeVisible();
  await insufficient.getByRole('button', { name: 'Fund Account' }).click();
  await expect(fund.getByRole('textbox', { name: 'Amount (NGN)' })).toHaveValue('57,000');
  await fund.getByRole('button', { name: 'Continue' }).click();
  await payment.getByRole('button', { name: 'I have made the payment' }).click();
  await expect(page.getByText('Thanks for confirming, your wallet would be credited when payment is received!')).toBeVisible();
  const second = (await api.get<{ reference: string; status: string }[]>('/api/v1/starlink_wallet_fundings', customer.token)).find(
    (f) => f.status === 'need_approval',
  );
  await operator({ cmd: 'funding', decision: 'approve', reference: second!.reference });
  await page.reload();

  // The price and the wallet after it, then one charge: the period follows on from the paid one.
  await page.getByRole('button', { name: 'Renew', exact: true }).click();
  const renew = chargeDialog(page);
  await expect(renew).toHaveAccessibleName(`Renew ${kitNumber}?`);
  await renew.getByRole('button', { name: 'Pay NGN 57,000' }).dblclick();
  await expect(page.getByText('Renewal successful!')).toBeVisible();
  await expect(renew).toBeHidden();
  await expect(page.getByRole('button', { name: 'Renew', exact: true })).toBeDisabled();
  const after = await api.get<{ status: string; start_date: string; end_date: string }[]>(
    `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${await kitId(customer.token, kitNumber)}`,
    customer.token,
  );
  expect(after.map((r) => r.status)).toEqual(['receipt', 'receipt']);
  expect(after[0]!.start_date).toBe(after[1]!.end_date);
  expect((await api.get<{ balance: number }>('/api/v1/starlink_user_wallet', customer.token)).balance).toBe(0);
});

async function kitId(token: string, kitNumber: string): Promise<number> {
  const { kits } = await api.get<{ kits: { id: number; kit_number: string }[] }>('/api/v1/starlink_kits?page=1&per_page=50', token);
  return kits.find((k) => k.kit_number === kitNumber)!.id;
}

import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { held } from '../support/held';
import { api, createFunding, createKit, operator } from '../support/api';

const STARTED = 'Funding process  started. Please proceed to make payment.';
const THANKS = 'Thanks for confirming, your wallet would be credited when payment is received!';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Toast texts as rendered, without Playwright's whitespace normalisation (the spec's double space). */
/** The rows of the funding table (the wallet statement below it names the same references). */
const fundingRows = (page: Page) => page.getByRole('table', { name: /wallet fundings/i }).getByRole('row');

function toastTexts(page: Page) {
  return page.getByRole('status').allTextContents();
}

/**
 * A fresh customer's email is unverified, so the profile area's verification dialog opens over every
 * protected screen; it stays dismissed for the browser session (reloads included).
 */
async function dismissEmailVerification(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Email verification' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

async function startFunding(page: Page, amount: string) {
  const dialog = page.getByRole('dialog', { name: 'Fund Account' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Amount (NGN)' });
  await field.pressSequentially(amount);
  return { dialog, field };
}

async function storedReference(page: Page): Promise<string> {
  const reference = await page.evaluate(() => localStorage.getItem('reference'));
  expect(reference).toBeTruthy();
  return reference!;
}

/** Continue in Fund Account: Payment Details opens, the started toast is shown, and so is the funding's reference. */
async function continueToPaymentDetails(page: Page, fund: Locator) {
  await fund.getByRole('button', { name: 'Continue' }).click();
  const details = page.getByRole('dialog', { name: 'Payment Details' });
  await expect(details).toBeVisible();
  await expect.poll(() => toastTexts(page)).toContain(STARTED);
  const reference = await storedReference(page);
  await expect(details.getByText(reference, { exact: true })).toBeVisible();
  return { details, reference };
}

test.describe('billing and wallet funding (spec sections 2, 4, 8, 9)', () => {
  test('funds from /billing, pays by transfer, confirms, and sees the operator credit it', async ({
    page,
    signedIn,
  }) => {
    await dismissEmailVerification(page);
    await page.goto('/billing');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    const walletCard = page.getByRole('region', { name: 'Wallet', exact: true });
    await expect(walletCard.getByText('NGN 0')).toBeVisible();
    await expect(page.getByText('We recommend funding at least NGN 120,000.')).toBeVisible();

    await walletCard.getByRole('button', { name: 'Fund wallet' }).click();
    const { dialog, field } = await startFunding(page, '150000');
    await expect(field).toHaveValue('150,000');
    await expect(dialog.getByRole('radio', { name: 'Bank transfer (offline)' })).toBeChecked();
    const { details, reference } = await continueToPaymentDetails(page, dialog);
    await expect(details.getByText('NGN 150,000').first()).toBeVisible();
    await expect(details.getByText('Demo Bank')).toBeVisible();
    await expect(details.getByText('0123456789')).toBeVisible();
    await expect(details.getByText('Starlink Kits Reseller Ltd')).toBeVisible();

    await details.getByRole('button', { name: 'Copy account number' }).click();
    await expect(page.getByText('Account number copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('0123456789');

    // The new funding is already in the history behind the dialog, waiting for confirmation.
    await expect(fundingRows(page).filter({ hasText: reference })).toContainText('unconfirmed');

    await details.getByRole('button', { name: 'I have made the payment' }).click();
    await expect(page.getByText(THANKS)).toBeVisible();
    await expect(details).toBeHidden();
    const row = fundingRows(page).filter({ hasText: reference });
    await expect(row).toContainText('processing');
    await expect(row.getByRole('button', { name: /confirm/i })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('fundingId'))).toBeNull();

    await operator({ cmd: 'funding', decision: 'approve', reference });

    // Navigating away and back refreshes from the server without a reload…
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await expect(walletCard.getByText('NGN 150,000')).toBeVisible();
    await expect(fundingRows(page).filter({ hasText: reference })).toContainText('successful');

    // …and so does a reload.
    await page.reload();
    await expect(walletCard.getByText('NGN 150,000')).toBeVisible();
    await expect(fundingRows(page).filter({ hasText: reference })).toContainText('successful');
    expect(signedIn.token).toBeTruthy();
  });

  test('a double click on Continue creates one funding', async ({ page, signedIn }) => {
    await dismissEmailVerification(page);
    await page.goto('/billing');
    await page.getByRole('region', { name: 'Wallet' }).getByRole('button', { name: 'Fund wallet' }).click();
    const { dialog } = await startFunding(page, '20000');
    // Count what the browser sends, not only what the server kept (it also folds quick repeats together).
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/starlink_wallet_fundings')) posts += 1;
    });
    // Both clicks land while the request is on its way (else the second could hit the next dialog's buttons).
    const funding = held();
    const fundingsUrl = (url: URL) => url.pathname === '/api/v1/starlink_wallet_fundings';
    await page.route(fundingsUrl, funding.handler);
    await dialog.getByRole('button', { name: 'Continue' }).dblclick();
    funding.release();
    await expect(page.getByRole('dialog', { name: 'Payment Details' })).toBeVisible();
    await expect(fundingRows(page).filter({ hasText: /FND/ })).toHaveCount(1);

    const fundings = await api.get<unknown[]>('/api/v1/starlink_wallet_fundings', signedIn.token);
    expect(fundings).toHaveLength(1);
    expect(posts).toBe(1);
  });

  test('the amount field explains what is wrong and sends nothing', async ({ page, signedIn }) => {
    await dismissEmailVerification(page);
    await page.goto('/billing');
    await page.getByRole('region', { name: 'Wallet' }).getByRole('button', { name: 'Fund wallet' }).click();
    const { dialog, field } = await startFunding(page, '0');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The amount must be greater than zero.');
    await expect(field).toBeFocused();
    await field.fill('12abc');
    await expect(dialog.getByRole('alert')).toHaveText('Enter the amount as a number, for example 120,000.');
    expect(await api.get<unknown[]>('/api/v1/starlink_wallet_fundings', signedIn.token)).toHaveLength(0);
  });

  test('a reload during payment keeps the payment details', async ({ page, signedIn }) => {
    await dismissEmailVerification(page);
    expect(signedIn.token).toBeTruthy();
    await page.goto('/billing');
    await page.getByRole('region', { name: 'Wallet' }).getByRole('button', { name: 'Fund wallet' }).click();
    const { dialog } = await startFunding(page, '75000');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('dialog', { name: 'Payment Details' })).toBeVisible();
    const reference = await storedReference(page);

    await page.reload();
    const details = page.getByRole('dialog', { name: 'Payment Details' });
    await expect(details).toBeVisible();
    await expect(details.getByText(reference, { exact: true })).toBeVisible();
    await expect(details.getByText('NGN 75,000').first()).toBeVisible();
    await expect(details.getByText('0123456789')).toBeVisible();

    // Closed, it stays on offer until it is confirmed.
    await details.getByRole('button', { name: 'Pay later' }).click();
    await page.getByRole('button', { name: 'View payment details' }).click();
    await page
      .getByRole('dialog', { name: 'Payment Details' })
      .getByRole('button', { name: 'I have made the payment' })
      .click();
    await expect(page.getByText(THANKS)).toBeVisible();
    await expect(fundingRows(page).filter({ hasText: reference })).toContainText('processing');
    await expect(page.getByRole('button', { name: 'View payment details' })).toHaveCount(0);
  });

  test('confirms a pending funding from the history table', async ({ page, signedIn }) => {
    await dismissEmailVerification(page);
    const funding = await createFunding(signedIn, 3000);
    await page.goto('/billing#history');
    const row = fundingRows(page).filter({ hasText: funding.reference });
    await expect(row).toContainText('unconfirmed');
    await expect(page.locator('#history')).toBeInViewport();
    await row.getByRole('button', { name: /confirm/i }).click();
    await expect(page.getByText('Payment confirmed successfully!')).toBeVisible();
    await expect(row).toContainText('processing');
  });

  test('reads well on a 360 px phone without sideways scrolling', async ({ page, signedIn }) => {
    await dismissEmailVerification(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await createFunding(signedIn, 1234567);
    await page.goto('/billing#billing-table');
    await expect(page.getByRole('table', { name: /wallet fundings/i })).toBeVisible();
    await expect(page.getByRole('button', { name: /confirm payment/i })).toBeVisible();
    // The caption reads as one heading across the cards, not a narrow column of single words.
    const caption = await page.getByRole('table', { name: /wallet fundings/i }).locator('caption').boundingBox();
    const table = await page.getByRole('table', { name: /wallet fundings/i }).boundingBox();
    expect(caption!.width).toBeGreaterThanOrEqual(table!.width - 1);
    expect(caption!.height).toBeLessThan(60);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('funds from the kits area with the same dialogs, and billing shows it', async ({ page, signedIn }) => {
    await dismissEmailVerification(page);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    const { dialog } = await startFunding(page, '60000');
    const { details, reference } = await continueToPaymentDetails(page, dialog);
    await expect(details.getByText('Demo Bank')).toBeVisible();
    await details.getByRole('button', { name: 'I have made the payment' }).click();
    await expect(page.getByText(THANKS)).toBeVisible();

    // Billing reads the same data layer: the funding is there without a reload.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await expect(fundingRows(page).filter({ hasText: reference })).toContainText('processing');

    await operator({ cmd: 'funding', decision: 'approve', reference });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByText('NGN 60,000').first()).toBeVisible();
    await page.reload();
    await expect(page.getByText('NGN 60,000').first()).toBeVisible();
    expect(signedIn.email).toBeTruthy();
  });

  test('Insufficient Funds opens the fund dialog prefilled with the amount due', async ({ page, signedIn }) => {
    await dismissEmailVerification(page);
    await createKit(signedIn);
    await page.reload();
    await page.getByRole('button', { name: /Activate/ }).click();
    const insufficient = page.getByRole('dialog', { name: 'Insufficient Funds' });
    const due = (await insufficient.getByText(/^Amount due: NGN [\d,]+$/).textContent())!.replace(
      'Amount due: NGN ',
      '',
    );
    await insufficient.getByRole('button', { name: 'Fund Account' }).click();

    const fund = page.getByRole('dialog', { name: 'Fund Account' });
    await expect(fund.getByRole('textbox', { name: 'Amount (NGN)' })).toHaveValue(due);
    await fund.getByRole('button', { name: 'Continue' }).click();
    const details = page.getByRole('dialog', { name: 'Payment Details' });
    await expect(details.getByText(`NGN ${due}`).first()).toBeVisible();
    const reference = await storedReference(page);
    const fundings = await api.get<{ reference: string; amount: number | string }[]>(
      '/api/v1/starlink_wallet_fundings',
      signedIn.token,
    );
    expect(fundings).toEqual([expect.objectContaining({ reference, amount: Number(due.replace(/,/g, '')) })]);
  });
});

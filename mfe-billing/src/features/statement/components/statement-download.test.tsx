import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle, signInAs } from 'shared-api/testing';
import { renderWithToaster, wallet } from '../../../test-utils';
import { BillingPage } from '../../billing/components/billing-page';
import { recentMonths } from '../months';

const PDF = '/api/v1/starlink_wallet_transactions/statement_pdf';

beforeEach(() => {
  signInAs();
  handle('get', '/api/v1/starlink_user_wallet', wallet);
  handle('get', '/api/v1/starlink_wallet_fundings', []);
  handle('get', '/api/v1/starlink_wallet_transactions', { transactions: [], page: 1, per_page: 10, total_pages: 1, total_count: 0 });
});

async function chooseMonth(label: string) {
  const statement = await screen.findByRole('region', { name: 'Wallet statement' });
  await userEvent.selectOptions(within(statement).getByRole('combobox', { name: 'Statement month' }), label);
  return statement;
}

describe('PDF statement for a chosen month', () => {
  it('downloads the month chosen, named after it, and says so', async () => {
    const pdf = handle('get', PDF, () => new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { headers: { 'Content-Type': 'application/pdf' } }));
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:statement'), revokeObjectURL: jest.fn() });
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    renderWithToaster(<BillingPage />);
    const previous = recentMonths(new Date())[1]!;
    const label = new Date(`${previous}-15T12:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const statement = await chooseMonth(label);
    await userEvent.click(within(statement).getByRole('button', { name: 'Download PDF statement' }));
    expect(await within(statement).findByText(`Your statement for ${label} was downloaded.`)).toBeInTheDocument();
    expect(pdf).toHaveLength(1);
    expect(pdf[0]!.url.searchParams.get('month')).toBe(previous);
    expect(saved).toEqual([`statement-${previous}.pdf blob:statement`]);
    click.mockRestore();
  });

  it('says in a sentence when the month has no account history', async () => {
    handle('get', PDF, { message: 'no history', error: 'No account history' }, { status: 422 });
    renderWithToaster(<BillingPage />);
    const month = recentMonths(new Date())[3]!;
    const label = new Date(`${month}-15T12:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const statement = await chooseMonth(label);
    await userEvent.click(within(statement).getByRole('button', { name: 'Download PDF statement' }));
    expect(await within(statement).findByRole('alert')).toHaveTextContent(
      `Your wallet has no credits or debits in ${label}, so there is no statement for that month.`,
    );
  });

  it('offers the current month and the 11 before it', async () => {
    renderWithToaster(<BillingPage />);
    const statement = await screen.findByRole('region', { name: 'Wallet statement' });
    expect(within(within(statement).getByRole('combobox', { name: 'Statement month' })).getAllByRole('option')).toHaveLength(12);
  });
});

describe('recentMonths', () => {
  it('counts back across a year from the Lagos month', () => {
    // 23:30 UTC on 31st Dec is already January in Lagos.
    expect(recentMonths(new Date('2026-12-31T23:30:00Z'), 3)).toEqual(['2027-01', '2026-12', '2026-11']);
  });
});

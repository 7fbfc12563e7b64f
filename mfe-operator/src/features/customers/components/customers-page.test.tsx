import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle, HttpResponse } from 'shared-api/testing';
import { rest, server } from 'shared-api/testing';
import { MemoryRouter, Route, Routes, routerFuture } from 'shared-ui/router';
import { render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { signInAsStaff, staffPaths } from '../../../test-utils';
import CustomersExpose from '../../../exposes/customers';
import CustomerExpose from '../../../exposes/customer';

const detail = {
  customer: { id: 3, name: 'Ada Okafor', email: 'ada@example.com', phone_number: '+2348012345678', whatsapp_number: '+2348012345678', whatsapp_verified: false, email_verified: true, created_at: '2026-01-05T09:00:00Z' },
  wallet: { wallet_id: 'W-0003', balance: 150_000 },
  fundings: [{ id: 1, reference: 'FND-DECL', amount: 20_000, status: 'unapproved', created_at: '2026-03-01T09:00:00Z', decline_reason: 'Not received' }],
  statement: [{ id: 1, kind: 'funding', amount: 150_000, balance_after: 150_000, created_at: '2026-03-02T09:00:00Z', reference: 'FND-OK', kit_number: null }],
  kits: [{ id: 7, kit_number: 'KIT-0001', status: 'active', auto_renew: true, address: 'Lagos', created_at: '2026-03-02T09:00:00Z', deadline: '2026-04-01T09:00:00Z' }],
  messages: [{ id: 2, type: 'funding_declined', title: 'Transfer declined', amount: 20_000, reference: 'FND-DECL', kit_number: null, created_at: '2026-03-01T10:00:00Z', sent_at: '2026-03-01T10:00:05Z' }],
};

function renderLookUp(url: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]} future={routerFuture}>
        <Routes>
          <Route path={staffPaths.customers} element={<CustomersExpose />} />
          <Route path={staffPaths.customerPattern} element={<CustomerExpose />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('customer look-up', () => {
  it('finds a customer by what support was told and opens them read-only: wallet, transfers, statement, kits, messages', async () => {
    const user = userEvent.setup();
    signInAsStaff('support');
    const searches = handle('get', '/api/v1/staff/customers', { customers: [{ id: 3, name: 'Ada Okafor', email: 'ada@example.com', phone_number: '+2348012345678' }] });
    handle('get', '/api/v1/staff/customers/3', detail);
    renderLookUp(staffPaths.customers);
    await user.type(screen.getByRole('searchbox', { name: 'Email, phone number, kit number or transfer reference' }), 'FND-DECL');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('link', { name: 'Open Ada Okafor' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Okafor' })).toBeInTheDocument();
    expect(searches[0]!.url.searchParams.get('q')).toBe('FND-DECL');
    expect(screen.getByText('NGN 150,000', { selector: 'dd' })).toBeInTheDocument();
    const transfers = screen.getByRole('table', { name: 'Transfers' });
    expect(within(transfers).getByRole('cell', { name: 'Not received' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Statement (newest 20 lines)' })).toBeInTheDocument();
    expect(screen.getByText(/KIT-0001 · active/)).toBeInTheDocument();
    expect(screen.getByText(/Transfer declined/)).toBeInTheDocument();
    // Read-only: nothing on the page changes anything.
    expect(screen.queryByRole('button', { name: /Approve|Decline|Save|Edit/ })).not.toBeInTheDocument();
  });

  it('says when nobody matches', async () => {
    signInAsStaff('support');
    server.use(rest.get(/\/api\/v1\/staff\/customers$/, () => HttpResponse.json({ customers: [] })));
    renderLookUp(`${staffPaths.customers}?q=nobody@example.com`);
    expect(await screen.findByText('No customer matches that.')).toBeInTheDocument();
  });
});

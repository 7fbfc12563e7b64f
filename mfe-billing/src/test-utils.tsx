import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, routerFuture } from 'shared-ui/router';
import type { Wallet, WalletFunding } from 'shared-api';
import { ToastHost } from 'shared-ui';
import { freshDataCacheWith } from 'shared-api/testing';

export const wallet: Wallet = { id: 7, wallet_id: 'WAL-0007', balance: 25000 };

export function funding(overrides: Partial<WalletFunding> = {}): WalletFunding {
  return {
    id: 1,
    reference: 'FND-0000000001',
    payment_method: 'offline',
    amount: 120000,
    status: 'approved',
    created_at: '2026-03-03T12:00:00.000Z',
    ...overrides,
  };
}

/**
 * The component plus the toaster the shell normally provides, inside a router at `url` (a path, or one with state);
 * `retryAfterMs`: the data layer's first automatic retry of a read that could not reach the service (5 s otherwise).
 */
export function renderWithToaster(
  ui: ReactElement,
  url: string | { pathname: string; state: unknown } = '/billing',
  { retryAfterMs }: { retryAfterMs?: number } = {},
) {
  return render(
    <MemoryRouter initialEntries={[url]} future={routerFuture}>
      <ToastHost position="top-center" duration={5000} />
      {ui}
    </MemoryRouter>,
    { wrapper: freshDataCacheWith(retryAfterMs) },
  );
}

import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, routerFuture, useLocation } from 'shared-ui/router';
import type { FundWalletDialogProps } from '../features/funding/use-fund-wallet-dialog';
import { ToastHost } from 'shared-ui';
import { freshDataCacheWith } from 'shared-api/testing';

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{location.pathname}</output>;
}

/**
 * Render a page inside a router at `route`, with the toaster the shell would provide; `retryAfterMs`: the data
 * layer's first automatic retry of a read that could not reach the service (5 s otherwise).
 */
export function renderPage(
  ui: ReactElement,
  { route = '/home', path = route, retryAfterMs }: { route?: string; path?: string; retryAfterMs?: number } = {},
) {
  return render(
    <MemoryRouter initialEntries={[route]} future={routerFuture}>
      <ToastHost position="top-center" duration={5000} />
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <CurrentPath />
    </MemoryRouter>,
    { wrapper: freshDataCacheWith(retryAfterMs) },
  );
}

/** Stands in for billing's Fund Account dialog in unit tests. */
export function FakeFundWalletDialog({ open, onClose, initialAmount }: FundWalletDialogProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Fund Account">
      <p>Amount asked: {initialAmount ?? 'none'}</p>
      <button type="button" onClick={onClose}>
        Close fund dialog
      </button>
    </div>
  );
}

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, routerFuture } from 'shared-ui/router';
import { notify, ToastHost } from 'shared-ui';
import { NAVIGATION_GRACE_MS, useToastScope } from './use-toast-scope';

function Frame() {
  useToastScope();
  return (
    <>
      <ToastHost duration={60_000} />
      <Link to="/billing">Billing</Link>
    </>
  );
}

describe('useToastScope', () => {
  afterEach(() => jest.useRealTimers());

  it("takes the old screen's messages away on a new path, but keeps the one that led to the move", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <MemoryRouter initialEntries={['/home']} future={routerFuture}>
        <Frame />
      </MemoryRouter>,
    );
    await act(async () => notify.success('Auto-renew enabled successfully!'));
    expect(await screen.findByText('Auto-renew enabled successfully!')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(NAVIGATION_GRACE_MS + 100));
    await act(async () => notify.success('Address updated successfully!'));
    await user.click(screen.getByRole('link', { name: 'Billing' }));
    await waitFor(() => expect(screen.queryByText('Auto-renew enabled successfully!')).not.toBeInTheDocument());
    expect(screen.getByText('Address updated successfully!')).toBeInTheDocument();
  });
});

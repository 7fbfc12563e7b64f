import userEvent from '@testing-library/user-event';

type Page = typeof import('@testing-library/react') & {
  notify: typeof import('./notify').notify;
  ToastHost: typeof import('../components/toast-host').ToastHost;
  Dialog: typeof import('../components/dialog').Dialog;
  DialogActions: typeof import('../components/dialog').DialogActions;
  Button: typeof import('../components/button').Button;
};

// Stands in for the network: while set, downloading the toast library fails as a chunk does offline. A module
// whose factory throws is not cached, so the next download tries again, as the browser would.
let mockOffline = false;
jest.mock('react-hot-toast', () => {
  if (mockOffline) throw new Error('Loading chunk toasts failed');
  return jest.requireActual('react-hot-toast');
});

/**
 * A fresh page for each case: the toast library is downloaded once per page and `notify` keeps what it has queued,
 * shown and held in module state, so every module (React with them) is loaded anew and no case depends on another.
 */
function openPage(): Page {
  jest.resetModules();
  // The copy required here would add its own cleanup hook while the case runs; `afterEach` cleans up instead.
  process.env.RTL_SKIP_AUTO_CLEANUP = 'true';
  /* eslint-disable @typescript-eslint/no-require-imports */
  const rtl = require('@testing-library/react') as typeof import('@testing-library/react');
  const { Dialog, DialogActions } = require('../components/dialog') as typeof import('../components/dialog');
  return {
    ...rtl,
    notify: (require('./notify') as typeof import('./notify')).notify,
    ToastHost: (require('../components/toast-host') as typeof import('../components/toast-host')).ToastHost,
    Dialog,
    DialogActions,
    Button: (require('../components/button') as typeof import('../components/button')).Button,
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** A dismissed toast leaves after the library's exit delay; gone from view at once, from the document within it. */
async function waitForGone(screen: Page['screen'], text: string) {
  await page.waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
}

let page: Page;
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  mockOffline = false;
  page = openPage();
});
afterEach(() => page.cleanup());

describe('notify and ToastHost', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it('shows a message in a live region when the toast library cannot be downloaded, for its duration', async () => {
    const { act, notify, render, screen, ToastHost } = page;
    mockOffline = true;
    render(<ToastHost duration={5000} />);

    await act(async () => notify.error('Network error. Please check your connection.'));

    const region = screen.getByRole('status');
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
    expect(region).toContainElement(screen.getByText('Network error. Please check your connection.'));

    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Network error. Please check your connection.')).not.toBeInTheDocument();
  });

  it('keeps a second failed download’s message, and a message with an id replaces its earlier copy', async () => {
    const { act, notify, render, screen, ToastHost } = page;
    mockOffline = true;
    render(<ToastHost duration={5000} />);

    await act(async () => notify.error('Could not load billing data.', { id: 'billing' }));
    await act(async () => notify.error('Could not load billing data, again.', { id: 'billing' }));

    expect(await screen.findByText('Could not load billing data, again.')).toBeInTheDocument();
    expect(screen.queryByText('Could not load billing data.')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
  });

  it('after a failed download, downloads the library on the next message and shows every message sent while it came', async () => {
    const { act, notify, render, screen, ToastHost } = page;
    mockOffline = true;
    render(<ToastHost duration={5000} />);
    await act(async () => notify.error('Network error. Please check your connection.'));
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
    mockOffline = false;

    await act(async () => {
      notify.success('Kit added successfully!');
      notify.error('Failed to send OTP.');
    });

    expect(await screen.findByText('Kit added successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Failed to send OTP.')).toBeInTheDocument();

    await act(async () => notify.success('Address updated successfully!'));
    expect(await screen.findByText('Address updated successfully!')).toBeInTheDocument();
  });

  it('lets a success replace the errors it answers', async () => {
    const { act, notify, render, screen, ToastHost } = page;
    render(<ToastHost duration={5000} />);
    await act(async () => notify.error('Failed to confirm payment. Please try again.'));
    expect(await screen.findByText('Failed to confirm payment. Please try again.')).toBeInTheDocument();

    await act(async () => notify.success('Payment confirmed successfully!'));
    expect(await screen.findByText('Payment confirmed successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Failed to confirm payment. Please try again.')).not.toBeInTheDocument();
  });

  it("keeps only the session's message when the session ends, and drops the old page's late errors until the customer acts", async () => {
    const { act, notify, render, screen, ToastHost } = page;
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<ToastHost duration={5000} />);
    await act(async () => {
      notify.success('Kit added successfully!');
      notify.error('Failed to fetch kit details.');
    });
    expect(await screen.findByText('Failed to fetch kit details.')).toBeInTheDocument();

    await act(async () => {
      notify.dismissAll({ except: 'session-expired' });
      notify.error('Your session has expired. Please log in again.', { id: 'session-expired' });
      notify.error('Failed to fetch billing data');
    });
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(screen.queryByText('Kit added successfully!')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch kit details.')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch billing data')).not.toBeInTheDocument();

    await user.keyboard('x');
    await act(async () => notify.error('Incorrect Email or Password. Please try again or create an account.'));
    expect(await screen.findByText('Incorrect Email or Password. Please try again or create an account.')).toBeInTheDocument();
  });

  it('shows at most two messages at once, the newest', async () => {
    const { act, notify, render, screen, ToastHost } = page;
    render(<ToastHost duration={5000} />);
    await act(async () => {
      notify.success('Starlink kit added successfully!');
      notify.success('Auto-renew enabled successfully!');
      notify.success('Address updated successfully!');
    });
    expect(await screen.findByText('Address updated successfully!')).toBeInTheDocument();
    expect(screen.getByText('Auto-renew enabled successfully!')).toBeInTheDocument();
    await waitForGone(screen, 'Starlink kit added successfully!');
  });

  it('closes a message at once when the customer dismisses it, leaving the others', async () => {
    const { act, notify, render, screen, ToastHost } = page;
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<ToastHost duration={60_000} />);
    await act(async () => {
      notify.success('Starlink kit added successfully!');
      notify.success('Address updated successfully!');
    });
    expect(await screen.findByText('Address updated successfully!')).toBeInTheDocument();
    // Newest first: the first Dismiss is the newest message's.
    const [dismissNewest] = screen.getAllByRole('button', { name: 'Dismiss message' });
    // This page's React is a fresh copy, which user-event's own act does not reach.
    await act(() => user.click(dismissNewest!));
    await waitForGone(screen, 'Address updated successfully!');
    expect(screen.getByText('Starlink kit added successfully!')).toBeInTheDocument();
  });

  it('keeps a message while its Dismiss button has the keyboard focus, and lets it go once focus leaves', async () => {
    const { act, notify, render, screen, ToastHost } = page;
    render(<ToastHost duration={5000} />);
    await act(async () => notify.success('Starlink kit added successfully!'));
    expect(await screen.findByText('Starlink kit added successfully!')).toBeInTheDocument();
    const dismiss = screen.getByRole('button', { name: 'Dismiss message' });
    act(() => dismiss.focus());
    await act(async () => jest.advanceTimersByTime(20_000));
    expect(screen.getByText('Starlink kit added successfully!')).toBeInTheDocument();
    expect(dismiss).toHaveFocus();
    act(() => dismiss.blur());
    await act(async () => jest.advanceTimersByTime(6000));
    await waitForGone(screen, 'Starlink kit added successfully!');
  });

  it('takes the messages of a screen or dialog the customer left away, but not those of the moment that left it', async () => {
    const { act, notify, render, screen, ToastHost } = page;
    render(<ToastHost duration={5000} />);
    await act(async () => notify.success('Starlink kit added successfully!'));
    expect(await screen.findByText('Starlink kit added successfully!')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(2000));
    await act(async () => {
      notify.error('Your session has expired. Please log in again.');
      notify.leaveScope();
    });
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    await waitForGone(screen, 'Starlink kit added successfully!');
  });

  it("never brings a page's old message back inside a dialog opened later; the dialog's own messages show in it", async () => {
    const { act, Dialog, notify, render, screen, ToastHost, within } = page;
    const view = render(<ToastHost duration={5000} />);
    await act(async () => notify.success('Starlink kit added successfully!'));
    expect(await screen.findByText('Starlink kit added successfully!')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(2000));
    view.rerender(
      <>
        <ToastHost duration={5000} />
        <Dialog open title="Insufficient Funds" onClose={() => undefined}>
          <p>Amount due: NGN 57,000</p>
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Insufficient Funds' });
    await waitForGone(screen, 'Starlink kit added successfully!');
    await act(async () => notify.error('Failed to fund wallet. Please try again.'));
    expect(await within(dialog).findByText('Failed to fund wallet. Please try again.')).toBeInTheDocument();
  });

  it('hands the success that closed a dialog on to the next one, however long the change took', async () => {
    const { act, Dialog, notify, render, screen, ToastHost, within } = page;
    function Flow({ step }: { step: 'fund' | 'details' }) {
      return (
        <>
          <ToastHost duration={60_000} />
          <Dialog open={step === 'fund'} title="Fund Account" onClose={() => undefined}>
            <p>Amount</p>
          </Dialog>
          <Dialog open={step === 'details'} title="Payment Details" onClose={() => undefined}>
            <p>Reference</p>
          </Dialog>
        </>
      );
    }
    const view = render(<Flow step="fund" />);
    await act(async () => notify.success('Funding process started.'));
    expect(await screen.findByText('Funding process started.')).toBeInTheDocument();
    // A slow phone: the dialog changes well after the message.
    await act(async () => jest.advanceTimersByTime(3000));
    view.rerender(<Flow step="details" />);
    const details = screen.getByRole('dialog', { name: 'Payment Details' });
    expect(await within(details).findByText('Funding process started.')).toBeInTheDocument();
  });

  it('shows messages inside an open dialog, after its actions, announced as before', async () => {
    const { act, Button, Dialog, DialogActions, notify, render, screen, ToastHost, within } = page;
    render(
      <>
        <ToastHost duration={5000} />
        <Dialog open title="Fund Account" onClose={() => undefined}>
          <DialogActions>
            <Button>Proceed</Button>
          </DialogActions>
        </Dialog>
      </>,
    );
    await act(async () => notify.error('Failed to fund wallet. Please try again.'));
    const dialog = screen.getByRole('dialog', { name: 'Fund Account' });
    const message = await within(dialog).findByText('Failed to fund wallet. Please try again.');
    expect(message).toHaveAttribute('role', 'status');
    expect(message).toHaveAttribute('aria-live', 'polite');
    const proceed = within(dialog).getByRole('button', { name: 'Proceed' });
    expect(proceed.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has a dialog as tall as the screen make room above itself while a message shows, and take it back after', async () => {
    const { act, Dialog, notify, render, screen, ToastHost, within } = page;
    const tall = jest.spyOn(HTMLDialogElement.prototype, 'getBoundingClientRect').mockImplementation(
      () => new DOMRect(12, 12, 336, window.innerHeight - 24),
    );
    try {
      render(
        <>
          <ToastHost duration={60_000} />
          <Dialog open title="Payment Details" onClose={() => undefined}>
            <p>Make a bank transfer of NGN 57,000 to the account below, then tell us you have paid.</p>
          </Dialog>
        </>,
      );
      const dialog = screen.getByRole('dialog', { name: 'Payment Details' });
      expect(dialog.style.getPropertyValue('--toast-room')).toBe('');
      await act(async () => notify.error('Failed to confirm payment. Please try again.'));
      expect(await within(dialog).findByText('Failed to confirm payment. Please try again.')).toBeInTheDocument();
      // The room the message takes (its measured height, 0 here, and a gutter each side of it), above the panel.
      expect(dialog.style.getPropertyValue('--toast-room')).toBe('24px');

      await act(async () => notify.dismissAll());
      await act(async () => jest.advanceTimersByTime(1000));
      expect(dialog.style.getPropertyValue('--toast-room')).toBe('');
    } finally {
      tall.mockRestore();
    }
  });
});

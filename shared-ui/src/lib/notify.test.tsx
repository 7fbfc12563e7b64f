import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../components/button';
import { Dialog, DialogActions } from '../components/dialog';
import { ToastHost } from '../components/toast-host';
import { notify } from './notify';

// Stands in for the network: while set, downloading the toast library fails as a chunk does mockOffline. A module
// whose factory throws is not cached, so the next download tries again, as the browser would.
let mockOffline = false;
jest.mock('react-hot-toast', () => {
  if (mockOffline) throw new Error('Loading chunk toasts failed');
  return jest.requireActual('react-hot-toast');
});

/**
 * The library is downloaded once per page, so these cases run in the order a page would meet them: the download
 * fails, then a later message downloads it; they share one page's state.
 */
describe('notify and ToastHost', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it('shows a message in a live region when the toast library cannot be downloaded, for its duration', async () => {
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
    render(<ToastHost duration={5000} />);

    await act(async () => notify.error('Could not load billing data.', { id: 'billing' }));
    await act(async () => notify.error('Could not load billing data, again.', { id: 'billing' }));

    expect(await screen.findByText('Could not load billing data, again.')).toBeInTheDocument();
    expect(screen.queryByText('Could not load billing data.')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
  });

  it('downloads the library on the next message and shows every message sent while it came', async () => {
    render(<ToastHost duration={5000} />);
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
    render(<ToastHost duration={5000} />);
    await act(async () => notify.error('Failed to confirm payment. Please try again.'));
    expect(await screen.findByText('Failed to confirm payment. Please try again.')).toBeInTheDocument();

    await act(async () => notify.success('Payment confirmed successfully!'));
    expect(await screen.findByText('Payment confirmed successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Failed to confirm payment. Please try again.')).not.toBeInTheDocument();
  });

  it("keeps only the session's message when the session ends, and drops the old page's late errors until the customer acts", async () => {
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

  it('shows messages inside an open dialog, after its actions, announced as before', async () => {
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
});

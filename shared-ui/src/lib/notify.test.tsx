import { act, render, screen } from '@testing-library/react';
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
    render(<ToastHost position="top-center" duration={5000} />);

    await act(async () => notify.error('Network error. Please check your connection.'));

    const region = screen.getByRole('status');
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
    expect(region).toContainElement(screen.getByText('Network error. Please check your connection.'));

    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Network error. Please check your connection.')).not.toBeInTheDocument();
  });

  it('keeps a second failed download’s message, and a message with an id replaces its earlier copy', async () => {
    render(<ToastHost position="top-center" duration={5000} />);

    await act(async () => notify.error('Could not load billing data.', { id: 'billing' }));
    await act(async () => notify.error('Could not load billing data, again.', { id: 'billing' }));

    expect(await screen.findByText('Could not load billing data, again.')).toBeInTheDocument();
    expect(screen.queryByText('Could not load billing data.')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
  });

  it('downloads the library on the next message and shows every message sent while it came', async () => {
    render(<ToastHost position="top-center" duration={5000} />);
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
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '../lib/notify';
import { COPIED_SHOWN_MS } from './copy-button';
import { PaymentReference } from './payment-reference';

jest.mock('../lib/notify', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

describe('PaymentReference', () => {
  it('shows the reference on one line, copies it and says so beside the button, not in a toast', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const writeText = jest.spyOn(navigator.clipboard, 'writeText');
      render(<PaymentReference reference="FND-ABC1234567" />);
      expect(screen.getByText('FND-ABC1234567')).toHaveStyle({ whiteSpace: 'nowrap' });
      await user.click(screen.getByRole('button', { name: 'Copy reference' }));
      expect(writeText).toHaveBeenCalledWith('FND-ABC1234567');
      expect(await screen.findByText('Copied')).toBeVisible();
      const said = screen.getByRole('status');
      expect(said).toHaveAttribute('aria-live', 'polite');
      expect(said).toHaveTextContent('CopiedReference copied to clipboard!');
      expect(notify.success).not.toHaveBeenCalled();

      act(() => void jest.advanceTimersByTime(COPIED_SHOWN_MS));
      expect(said).toBeEmptyDOMElement();
    } finally {
      jest.useRealTimers();
    }
  });

  it('says so in a toast when the clipboard refuses', async () => {
    const user = userEvent.setup();
    render(<PaymentReference reference="FND-ABC1234567" />);
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy reference' }));
    expect(notify.error).toHaveBeenCalledWith('Failed to copy reference.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

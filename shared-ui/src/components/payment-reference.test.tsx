import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '../lib/notify';
import { PaymentReference } from './payment-reference';

jest.mock('../lib/notify', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

describe('PaymentReference', () => {
  it('shows the reference on one line and copies it', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    render(<PaymentReference reference="FND-ABC1234567" />);
    expect(screen.getByText('FND-ABC1234567')).toHaveStyle({ whiteSpace: 'nowrap' });
    await user.click(screen.getByRole('button', { name: 'Copy reference' }));
    expect(writeText).toHaveBeenCalledWith('FND-ABC1234567');
    expect(notify.success).toHaveBeenCalledWith('Reference copied to clipboard!');
  });

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup();
    render(<PaymentReference reference="FND-ABC1234567" />);
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy reference' }));
    expect(notify.error).toHaveBeenCalledWith('Failed to copy reference.');
  });
});

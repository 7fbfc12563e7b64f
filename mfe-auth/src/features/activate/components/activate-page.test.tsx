import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from 'shared-api';
import { renderRoute } from '../../../test/render-route';
import { ActivatePage } from './activate-page';

describe('ActivatePage', () => {
  it('is an activation code form whose submit does nothing', async () => {
    const user = userEvent.setup();
    renderRoute(<ActivatePage />, { url: paths.activate });
    await user.type(screen.getByLabelText('Activation code'), 'ABC-123');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    // Unhandled requests fail the test, so staying here with the code kept is all a submit does.
    expect(screen.getByRole('form', { name: 'Activate' })).toBeInTheDocument();
    expect(screen.getByLabelText('Activation code')).toHaveValue('ABC-123');
  });
});

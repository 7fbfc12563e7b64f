import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from 'shared-api';
import { renderRoute } from '../../../test/render-route';
import { EmailConfirmationPage } from './email-confirmation-page';

const renderPage = () => renderRoute(<EmailConfirmationPage />, { url: paths.emailConfirmation });

describe('EmailConfirmationPage', () => {
  it('takes at most 6 characters', async () => {
    const user = userEvent.setup();
    renderPage();
    const code = screen.getByLabelText('Confirmation code');
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '12345678');
    expect(code).toHaveValue('123456');
  });

  it('resend does nothing and sends no request', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(screen.getByRole('form', { name: 'Email confirmation' })).toBeInTheDocument();
  });

  it('submit goes to /login', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('login page at /login')).toBeInTheDocument();
  });
});

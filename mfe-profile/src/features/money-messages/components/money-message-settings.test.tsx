import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle, signInAs } from 'shared-api/testing';
import { renderScreen } from '../../../test-utils';
import { ProfilePage } from '../../profile/components/profile-page';

const ALL_ON = {
  notification_preferences: {
    funding_approved: true,
    funding_declined: true,
    renewal_due: true,
    auto_renew_charged: true,
    auto_renew_failed: true,
  },
};

function settings() {
  return screen.findByRole('region', { name: 'Messages about your money' });
}

describe('money-message settings on /profile', () => {
  it('shows each type as a switch and saves one turned off', async () => {
    handle('get', '/api/v1/notification_preferences', ALL_ON);
    const saved = handle('put', '/api/v1/notification_preferences', {
      notification_preferences: { ...ALL_ON.notification_preferences, renewal_due: false },
    });
    signInAs();
    renderScreen(<ProfilePage />);
    const card = await settings();
    const reminder = within(card).getByRole('checkbox', { name: 'A renewal is due in 3 days and my wallet is short' });
    await waitFor(() => expect(reminder).toBeEnabled());
    expect(within(card).getAllByRole('checkbox')).toHaveLength(5);
    expect(reminder).toBeChecked();
    await userEvent.click(reminder);
    expect(reminder).not.toBeChecked();
    expect(await within(card).findByText('Your message settings were saved.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.body).toEqual({ notification_preferences: { renewal_due: false } });
  });

  it('puts a switch back and says so when the save fails', async () => {
    handle('get', '/api/v1/notification_preferences', ALL_ON);
    handle('put', '/api/v1/notification_preferences', { message: 'boom' }, { status: 500 });
    signInAs();
    renderScreen(<ProfilePage />);
    const card = await settings();
    const paid = within(card).getByRole('checkbox', { name: 'Auto-renew paid for a kit' });
    await waitFor(() => expect(paid).toBeEnabled());
    await userEvent.click(paid);
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      "We couldn't save your message settings. Please try again.",
    );
    expect(paid).toBeChecked();
  });

  it('keeps its place with the switches disabled while they load, so nothing below moves when they arrive', async () => {
    handle('get', '/api/v1/notification_preferences', ALL_ON, { delayMs: 200 });
    signInAs();
    renderScreen(<ProfilePage />);
    const card = await settings();
    expect(card).toHaveAttribute('aria-busy', 'true');
    for (const box of within(card).getAllByRole('checkbox')) expect(box).toBeDisabled();
    await waitFor(() => expect(card).not.toHaveAttribute('aria-busy'));
    for (const box of within(card).getAllByRole('checkbox')) expect(box).toBeEnabled();
  });

  it('is not shown against a server without the settings', async () => {
    const calls = handle('get', '/api/v1/notification_preferences', { message: 'Not Found' }, { status: 404 });
    signInAs();
    renderScreen(<ProfilePage />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Messages about your money' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});

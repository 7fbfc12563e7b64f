import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-api';
import { demoUser, handle, HttpResponse, signInAs } from 'shared-api/testing';
import { renderScreen } from '../../../test-utils';
import { UndoContactChangePage } from './undo-contact-change-page';

const TOKEN = 'tok/en 1';
const PATH = `/api/v1/contact_reverts/${encodeURIComponent(TOKEN)}`;
const VIEW = {
  field: 'email',
  old_value: 'ada@example.com',
  new_value: 'intruder@example.com',
  expires_at: '2026-12-14T10:00:00.000Z',
  message: 'Put ada@example.com back as your email address, in place of intruder@example.com? Every device will be signed out.',
};
const DONE =
  'Your email address is ada@example.com again and every device has been signed out. We emailed a link to choose a new password to ada@example.com.';
const REFUSED = 'This link is invalid, has expired or was already used.';

function openLink(search = `?token=${encodeURIComponent(TOKEN)}`) {
  renderScreen(<UndoContactChangePage />, { path: '/undo-contact-change', search });
  return userEvent.setup();
}

describe('UndoContactChangePage', () => {
  it('shows what the link would put back and only reads on opening', async () => {
    const reads = handle('get', PATH, VIEW);
    const posts = handle('post', PATH, { message: DONE });
    openLink();
    expect(screen.getByText('Reading your link…')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('heading', { name: 'Put your old email address back?' })).toBeInTheDocument();
    expect(screen.getByText(VIEW.message)).toBeInTheDocument();
    expect(screen.getByText('This link works until 14th Dec 2026.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Put ada@example.com back' })).toBeInTheDocument();
    expect(reads).toHaveLength(1);
    // The link works without a session: nothing of a stored one goes out.
    expect(reads[0]!.headers.get('authorization')).toBeNull();
    expect(posts).toHaveLength(0);
  });

  it('puts the old value back on the button, shows the answer and ends the stored session of that account', async () => {
    signInAs({ ...demoUser, email: VIEW.new_value });
    handle('get', PATH, VIEW);
    const posts = handle('post', PATH, { message: DONE });
    const user = openLink();
    await user.click(await screen.findByRole('button', { name: 'Put ada@example.com back' }));
    expect(await screen.findByRole('heading', { name: 'Done' })).toHaveFocus();
    expect(screen.getByText(DONE)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: /back$/ })).not.toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('authorization')).toBeNull();
    expect(sessionStore.getState().token).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Log in page' })).toBeInTheDocument();
  });

  it("keeps another account's session", async () => {
    signInAs();
    handle('get', PATH, VIEW);
    handle('post', PATH, { message: DONE });
    const user = openLink();
    await user.click(await screen.findByRole('button', { name: 'Put ada@example.com back' }));
    await screen.findByRole('heading', { name: 'Done' });
    expect(sessionStore.getState().token).toBe('test-token');
  });

  it("shows the server's message for a link that is expired, used or unknown, with no button", async () => {
    handle('get', PATH, { message: REFUSED, error: 'Invalid or expired revert link' }, { status: 422 });
    openLink();
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(REFUSED);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the server's message when the link was used meanwhile", async () => {
    handle('get', PATH, VIEW);
    handle('post', PATH, { message: 'Already used somewhere else.' }, { status: 422 });
    const user = openLink();
    await user.click(await screen.findByRole('button', { name: 'Put ada@example.com back' }));
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Already used somewhere else.');
  });

  it('keeps the button when the service could not be reached, and a second press acts', async () => {
    handle('get', PATH, VIEW);
    let fail = true;
    handle('post', PATH, () => (fail ? HttpResponse.error() : HttpResponse.json({ message: DONE })));
    const user = openLink();
    const button = await screen.findByRole('button', { name: 'Put ada@example.com back' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(/reach/i);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Put ada@example.com back' }));
    expect(await screen.findByText(DONE)).toHaveAttribute('role', 'status');
  });

  it('a link without its token says so and asks nothing', () => {
    openLink('');
    expect(screen.getByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
  });
});

import type { ComponentType } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, routerFuture, useSearchParams } from 'shared-ui/router';
import { resetEmailStatus } from 'shared-api/verification';
import { handle, signInAs } from 'shared-api/testing';
import { Dialog } from 'shared-ui/dialog';
import { Pagination } from 'shared-ui/pagination';
import { PortalFrame } from '../../app/app';
import { loadRemoteModule } from '../remotes/remote-loader';

jest.mock('../remotes/remote-loader', () => ({
  ...jest.requireActual('../remotes/remote-loader'),
  loadRemoteModule: jest.fn(),
  startLoadingRemoteModule: jest.fn(),
}));
const load = jest.mocked(loadRemoteModule);
const STATUS = '/api/v1/starlink_users/check_confirmation_status';

/** A billing page with pages of its own, kept in the query string as the real one does. */
function FakeBilling() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1');
  return (
    <>
      <h1>Billing</h1>
      <Pagination page={page} totalPages={3} onPageChange={(next) => setParams({ page: String(next) })} />
    </>
  );
}

function FakeVerificationDialog() {
  return (
    <Dialog open title="Verify your email" onClose={() => undefined}>
      <button type="button">Resend email</button>
    </Dialog>
  );
}

/** A page that opens a dialog of its own as it arrives (billing reopening a payment in progress). */
function FakeProfileWithDialog() {
  return (
    <>
      <h1>Profile</h1>
      <FakeVerificationDialog />
    </>
  );
}

const pages: Record<string, ComponentType> = {
  './home': () => <h1>Home</h1>,
  './billing': FakeBilling,
  './profile': () => <h1>Profile</h1>,
  './email-verification': () => null,
};

beforeEach(() => {
  resetEmailStatus();
  signInAs();
  handle('get', STATUS, { email_verified: true });
  load.mockImplementation(async (_remote: string, module: string) => ({ default: pages[module] }) as never);
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]} future={routerFuture}>
      <PortalFrame />
    </MemoryRouter>,
  );
}

describe('focus after a change of page', () => {
  it("leaves the first screen's focus alone, then gives each page the customer opens its heading", async () => {
    const user = userEvent.setup();
    renderAt('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).not.toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Billing' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toHaveFocus());

    await user.click(screen.getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toHaveFocus());
  });

  it('keeps focus on the pagination when only the query string changes', async () => {
    const user = userEvent.setup();
    renderAt('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await user.click(screen.getByRole('link', { name: 'Billing' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // Give a wrongly armed focus move the chance to happen before asserting it did not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveFocus();
  });

  it('leaves focus in the email verification dialog the shell opens on arrival', async () => {
    handle('get', STATUS, { email_verified: false });
    pages['./email-verification'] = FakeVerificationDialog;
    try {
      const user = userEvent.setup();
      renderAt('/home');
      await screen.findByRole('dialog', { name: 'Verify your email' });
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('link', { name: 'Billing' }));
      const dialog = await screen.findByRole('dialog', { name: 'Verify your email' });
      const heading = await screen.findByRole('heading', { level: 1, name: 'Billing', hidden: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
      expect(heading).not.toHaveFocus();
    } finally {
      pages['./email-verification'] = () => null;
    }
  });

  it('leaves focus in a dialog the new page opens as it arrives', async () => {
    pages['./profile'] = FakeProfileWithDialog;
    try {
      const user = userEvent.setup();
      renderAt('/home');
      await screen.findByRole('heading', { level: 1, name: 'Home' });
      await user.click(screen.getByRole('link', { name: 'Profile' }));
      const dialog = await screen.findByRole('dialog', { name: 'Verify your email' });
      const heading = screen.getByRole('heading', { level: 1, name: 'Profile', hidden: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
      expect(heading).not.toHaveFocus();
    } finally {
      pages['./profile'] = () => <h1>Profile</h1>;
    }
  });
});

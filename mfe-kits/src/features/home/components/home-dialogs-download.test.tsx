import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle, signInAs } from 'shared-api/testing';
import type { Kit } from 'shared-api';
import { serveNoQuote } from '../../../testing/charge-quote';
import { renderPage } from '../../../testing/render-page';
import { ADD_KIT_UNAVAILABLE } from '../../../lib/texts';
import { HomePage } from './home-page';

// The dialogs' code downloads on first use; while this is true, that download fails as it would offline.
let mockOffline = false;
const failWhenOffline = (path: string) => {
  if (mockOffline) throw new Error('Loading chunk failed');
  return jest.requireActual(path);
};
jest.mock('../../add-kit/components/add-kit-flow', () => failWhenOffline('../../add-kit/components/add-kit-flow'));
jest.mock('../../charge/components/insufficient-funds-dialog', () => failWhenOffline('../../charge/components/insufficient-funds-dialog'));

const pendingKit: Kit = {
  id: 5,
  kit_number: 'KIT-5',
  status: 'pending',
  auto_renew: false,
  address: 'Lagos',
  company_name: null,
};

beforeEach(() => {
  signInAs();
  // The spec's server: no price quote, so a charge goes on the tap.
  serveNoQuote();
  handle('get', '/api/v1/starlink_user_wallet', { id: 7, wallet_id: 'W-7', balance: 0 });
  handle('get', '/api/v1/starlink_kits', { kits: [pendingKit], total_pages: 1, total_count: 1 });
  handle('get', '/api/v1/starlink_wallet_fundings', []);
  // The spec's server: no money notices (tests of the notices serve some).
  handle('get', '/api/v1/notifications', { message: 'Not Found' }, { status: 404 });
});

describe('HomePage dialogs whose code cannot be downloaded', () => {
  it('Add kit says so, and opens on a later click once the code arrives', async () => {
    const user = userEvent.setup();
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-5' });
    mockOffline = true;
    await user.click(screen.getByRole('button', { name: 'Add kit' }));
    expect(await screen.findByText(ADD_KIT_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    mockOffline = false;
    await user.click(screen.getByRole('button', { name: 'Add kit' }));
    expect(await screen.findByRole('dialog', { name: 'Add kit' })).toBeInTheDocument();
  });

  it("an activation refused for want of funds still shows the server's error, and the dialog once its code arrives", async () => {
    handle(
      'post',
      '/api/v1/starlink_activates/5/activate_kit',
      { error: 'Insufficient wallet balance', amount_due: 57000 },
      { status: 422 },
    );
    const user = userEvent.setup();
    renderPage(<HomePage />);
    mockOffline = true;
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    expect(await screen.findByText('Insufficient wallet balance')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    mockOffline = false;
    await user.click(screen.getByRole('button', { name: 'Activate KIT-5' }));
    expect(await screen.findByRole('dialog', { name: 'Insufficient Funds' })).toHaveTextContent(
      'Amount due: NGN 57,000',
    );
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, routerFuture, useLocation } from 'shared-ui/router';
import { sessionStore } from 'shared-api';
import { demoUser, handle, HttpResponse, rest, server, signInAs } from 'shared-api/testing';
import { notify } from 'shared-ui';
import { AreaLoadError, loadRemoteModule, startLoadingRemoteModule } from '../features/remotes/remote-loader';
import { PortalFrame } from './app';

jest.mock('../features/remotes/remote-loader', () => ({
  ...jest.requireActual('../features/remotes/remote-loader'),
  loadRemoteModule: jest.fn(),
  startLoadingRemoteModule: jest.fn(),
}));
const load = jest.mocked(loadRemoteModule);
const startLoading = jest.mocked(startLoadingRemoteModule);

function Where() {
  return <output aria-label="current path">{useLocation().pathname}</output>;
}

/** Each remote page renders its own name, so tests see which area the shell mounted. */
function fakeRemotes() {
  load.mockImplementation(async (remote: string, module: string) => {
    if (module === './email-verification') return { default: () => null } as never;
    return { default: () => <h1>{`${remote} ${module}`}</h1> } as never;
  });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]} future={routerFuture}>
      <PortalFrame />
      <Where />
    </MemoryRouter>,
  );
}

// A signed-in screen asks whether the customer's email is verified; here it is (the gate has its own tests).
beforeEach(() => {
  handle('get', '/api/v1/starlink_users/check_confirmation_status', { email_verified: true });
});

describe('shell routes and guard', () => {
  beforeEach(fakeRemotes);

  it('sends / to /login', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'auth ./login' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/login');
  });

  it.each(['/home', '/dashboard/3', '/billing', '/profile'])('sends %s to /login without stored user data', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'auth ./login' })).toBeInTheDocument();
  });

  it.each([
    ['/home', 'kits ./home'],
    ['/dashboard/3', 'kits ./dashboard'],
    ['/billing', 'billing ./billing'],
    ['/profile', 'profile ./profile'],
  ])('opens %s for a customer with stored user data', async (path, heading) => {
    signInAs();
    renderAt(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it.each(['/login', '/signup'])('sends %s to /home when a token is stored', async (path) => {
    signInAs();
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'kits ./home' })).toBeInTheDocument();
  });

  it.each(['/login', '/home'])(
    'settles %s on /login when a token is stored without user data, instead of bouncing to /home and back',
    async (path) => {
      act(() => sessionStore.setState({ token: 'tok', user: null }));
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'auth ./login' })).toBeInTheDocument();
      expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/login');
    },
  );

  it('updates the navbar when a remote signs the customer in or out, without a reload', async () => {
    renderAt('/forgot-password');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Log in');
    act(() => sessionStore.getState().signIn('tok', demoUser));
    expect(await screen.findByRole('link', { name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    act(() => sessionStore.getState().logout());
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it.each(['/reset-password?token=t', '/email-confirmation', '/activate'])(
    'leaves the chat link off %s, where a code or a new password is typed',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /chat with us/i })).not.toBeInTheDocument();
    },
  );

  it('shows the floating chat link on most screens', async () => {
    renderAt('/login');
    expect(await screen.findByRole('link', { name: /chat with us/i })).toHaveAttribute('href', expect.stringMatching(/^https:/));
  });

  it('ends a session whose user data was stored without a token, instead of leaving the customer on failing screens', async () => {
    act(() => sessionStore.getState().signIn('tok', demoUser));
    act(() => sessionStore.setState({ token: null }));
    localStorage.removeItem('token');
    renderAt('/billing');
    expect(await screen.findByRole('heading', { name: 'auth ./login' })).toBeInTheDocument();
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it("takes the old page's messages away with an expired session, keeping only the session's own", async () => {
    const user = userEvent.setup();
    signInAs();
    renderAt('/billing');
    // The customer at work on the page (a session that ended before, in this same page, is behind them).
    await user.click(await screen.findByRole('heading', { name: 'billing ./billing' }));
    act(() => notify.error('Failed to fetch billing data'));
    expect(await screen.findByText('Failed to fetch billing data')).toBeInTheDocument();

    act(() => sessionStore.getState().expire());
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    // The billing page's other request fails late, after the redirect.
    act(() => notify.error('Failed to fetch billing data'));
    expect(await screen.findByRole('heading', { name: 'auth ./login' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch billing data')).not.toBeInTheDocument();
  });

  it('takes an expired session back to /login with a message', async () => {
    signInAs();
    renderAt('/home');
    await screen.findByRole('heading', { name: 'kits ./home' });
    act(() => sessionStore.getState().expire());
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'auth ./login' })).toBeInTheDocument();
  });
});

describe('navbar', () => {
  beforeEach(fakeRemotes);

  it("starts loading an area's code when a link to it is pointed at or focused, once per area", async () => {
    const user = userEvent.setup();
    signInAs();
    renderAt('/home');
    await screen.findByRole('heading', { name: 'kits ./home' });
    startLoading.mockClear();
    const nav = screen.getByRole('navigation', { name: 'Main' });

    await user.hover(within(nav).getByRole('link', { name: 'Billing' }));
    expect(startLoading).toHaveBeenCalledWith('billing', './billing');
    within(nav).getByRole('link', { name: 'Profile' }).focus();
    expect(startLoading).toHaveBeenLastCalledWith('profile', './profile');
    await user.unhover(within(nav).getByRole('link', { name: 'Billing' }));
    await user.hover(within(nav).getByRole('link', { name: 'Billing' }));
    expect(startLoading).toHaveBeenCalledTimes(2);

    await user.click(within(nav).getByRole('link', { name: 'Billing' }));
    expect(await screen.findByRole('heading', { name: 'billing ./billing' })).toBeInTheDocument();
  });
});

describe('an area that cannot be loaded', () => {
  it('keeps the navbar, explains, and loads the area on Retry', async () => {
    const user = userEvent.setup();
    signInAs();
    let billingUp = false;
    load.mockImplementation(async (remote: string, module: string) => {
      if (module === './email-verification') return { default: () => null } as never;
      if (remote === 'billing' && !billingUp) throw new Error('remoteEntry.js 503');
      return { default: () => <h1>{`${remote} ${module}`}</h1> } as never;
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    renderAt('/billing');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Billing is unavailable');
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();

    billingUp = true;
    // Retry asks whether a release came since (a site without the pointer document: none known).
    server.use(rest.get('http://localhost/releases.json', () => new HttpResponse(null, { status: 404 })));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'billing ./billing' })).toBeInTheDocument();
  });

  it('does not carry one failed area over to the next one the customer opens', async () => {
    const user = userEvent.setup();
    signInAs();
    load.mockImplementation(async (remote: string, module: string) => {
      if (module === './email-verification') return { default: () => null } as never;
      if (remote === 'kits') throw new Error('kits down');
      return { default: () => <h1>{`${remote} ${module}`}</h1> } as never;
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/home');
    expect(await screen.findByRole('alert')).toHaveTextContent('Home is unavailable');
    await user.click(screen.getByRole('link', { name: 'Billing' }));
    expect(await screen.findByRole('heading', { name: 'billing ./billing' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a new version of a redeployed area is available, with Reload, never to check the connection', async () => {
    signInAs();
    load.mockImplementation(async (remote: string, module: string) => {
      if (module === './email-verification') return { default: () => null } as never;
      throw new AreaLoadError('outdated', 'billing');
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/billing');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'A new version of Billing is available.' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(alert).not.toHaveTextContent(/check your connection/i);
  });

  it.each([
    ['offline', true],
    ['failed', false],
  ] as const)('asks to check the connection only when the network failed (%s)', async (failure, asks) => {
    signInAs();
    load.mockImplementation(async (remote: string, module: string) => {
      if (module === './email-verification') return { default: () => null } as never;
      throw new AreaLoadError(failure, 'profile');
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/profile');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Profile is unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    if (asks) expect(alert).toHaveTextContent('Check your connection');
    else expect(alert).not.toHaveTextContent(/check your connection/i);
  });

  it('catches an area that throws while rendering', async () => {
    signInAs();
    load.mockImplementation(async (_remote: string, module: string) => {
      if (module === './email-verification') return { default: () => null } as never;
      return {
        default: () => {
          throw new Error('boom');
        },
      } as never;
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile is unavailable');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { setRuntimeConfig } from 'shared-api';
import { HttpResponse, rest, server } from 'shared-api/testing';
import { Link, MemoryRouter, Route, Routes, routerFuture } from 'shared-ui/router';
import type { AreaFailure } from './area-load-error';
import { AreaUnavailable, RemoteArea } from './remote-area';
import { registerPortalRemotes } from './remote-loader';
import { releaseWatch } from './release-watch';

// The federation runtime is the boundary: which build the shell registers, and what loading it gives.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: () => undefined,
}));
const runtimeLoad = jest.mocked(loadRemote);
const runtimeRegister = jest.mocked(registerRemotes);

const KITS = 'http://localhost:3002';

function renderHome() {
  return render(
    <MemoryRouter initialEntries={['/home']} future={routerFuture}>
      <RemoteArea remote="kits" module="./home" areaLabel="Home" />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  runtimeLoad.mockReset();
});
afterEach(() => jest.restoreAllMocks());

test('Retry after the team rolled back a release that threw loads the page again, which names the live release', async () => {
  const user = userEvent.setup();
  const reload = jest.spyOn(releaseWatch, 'reloadPage').mockImplementation(() => undefined);
  document.head.innerHTML = '<meta name="portal-releases" content="v1 shell1">';
  setRuntimeConfig({ remoteEntries: { kits: `${KITS}/remoteEntry.bbbb2222.js` } });
  registerPortalRemotes();
  const broken = () => {
    throw new Error('release bbbb2222 is broken');
  };
  runtimeLoad.mockResolvedValueOnce({ default: broken }).mockResolvedValueOnce({ default: () => <h1>Home</h1> });

  renderHome();
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByRole('heading', { name: 'Home is unavailable' })).toBeInTheDocument();
  const pointer = { version: 'v2', shell: { live: 'shell1', withdrawn: [] }, remotes: {} };
  server.use(rest.get('http://localhost/releases.json', () => HttpResponse.json(pointer)));

  await user.click(within(alert).getByRole('button', { name: 'Retry' }));

  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(runtimeRegister).toHaveBeenCalledTimes(1);
});

test('Retry with no release since loads the area again in place', async () => {
  const user = userEvent.setup();
  document.head.innerHTML = '<meta name="portal-releases" content="v1 shell1">';
  setRuntimeConfig({ remoteEntries: { kits: `${KITS}/remoteEntry.bbbb2222.js` } });
  registerPortalRemotes();
  runtimeLoad.mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce({ default: () => <h1>Home</h1> });
  const pointer = { version: 'v1', shell: { live: 'shell1', withdrawn: [] }, remotes: {} };
  server.use(rest.get('http://localhost/releases.json', () => HttpResponse.json(pointer)));

  renderHome();
  await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
});

test.each<[AreaFailure, RegExp]>([
  ['offline', /Check your connection and try again/],
  ['unreachable', /its server is not answering\. Please try again in a moment/],
  ['portal-unreachable', /the portal's server is not answering/],
  ['incomplete', /a file of its current version is missing on the server\. Please try again later/],
  ['failed', /could not be loaded\. Please try again/],
])('an area that failed (%s) says why, with Retry; only offline asks to check the connection', async (failure, why) => {
  const user = userEvent.setup();
  const onRetry = jest.fn();
  render(<AreaUnavailable areaLabel="Home" failure={failure} onRetry={onRetry} />);

  const alert = screen.getByRole('alert');
  expect(within(alert).getByRole('heading', { name: 'Home is unavailable' })).toBeInTheDocument();
  expect(alert).toHaveTextContent(why);
  if (failure !== 'offline') expect(alert).not.toHaveTextContent(/check your connection/i);
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('moving to another area shows its loading state, then its page once its code is here', async () => {
  const user = userEvent.setup();
  setRuntimeConfig({ remoteEntries: { kits: `${KITS}/remoteEntry.aaaa1111.js`, billing: 'http://localhost:3003/remoteEntry.bbbb2222.js' } });
  registerPortalRemotes();
  server.use(rest.get('http://localhost:3003/expose-chunks.json', () => HttpResponse.json({ entry: 'remoteEntry.bbbb2222.js', exposes: {} })));
  let billingArrives: (page: { default: () => React.JSX.Element }) => void = () => undefined;
  runtimeLoad.mockImplementation((request: string) =>
    request === 'billing/billing'
      ? new Promise((resolve) => (billingArrives = resolve))
      : Promise.resolve({ default: () => <Link to="/billing">Billing</Link> }),
  );
  render(
    <MemoryRouter initialEntries={['/home']} future={routerFuture}>
      <Routes>
        <Route path="/home" element={<RemoteArea remote="kits" module="./home" areaLabel="Home" />} />
        <Route path="/billing" element={<RemoteArea remote="billing" module="./billing" areaLabel="Billing" />} />
      </Routes>
    </MemoryRouter>,
  );

  await user.click(await screen.findByRole('link', { name: 'Billing' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Loading Billing…');
  await act(async () => billingArrives({ default: () => <h1>Billing</h1> }));

  expect(screen.getByRole('heading', { name: 'Billing' })).toBeInTheDocument();
});

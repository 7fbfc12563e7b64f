import { liveRoutes, routeAt } from 'shared-api';
import { matchPath } from 'shared-ui/router';
import { firstScreenArea, firstScreenCallsApi, pageToLoadAfterRedirect } from './first-screen';

describe('routeAt (read by the bootstrap, the chat link, the serving process)', () => {
  const addresses = [
    '/login', '/signup/', '/SIGNUP', '/home', '/home//', '/Home', '/dashboard/15', '/dashboard/15/', '/dashboard/a%20b',
    '/dashboard', '/dashboard/', '/dashboard//15', '/dashboard/15/extra', '/billing', '/billing/history', '/profile',
    '/reset-password', '/email-confirmation', '/activate', '/forgot-password', '/', '', '/nowhere', '//home',
  ];

  it.each(addresses)('names the route React Router renders for %j', (address) => {
    expect(routeAt(address)?.path).toBe(liveRoutes().find((route) => matchPath(route.path, address))?.path);
  });
});

describe('firstScreenArea (the area bootstrap starts loading before the app renders)', () => {
  const guest = { token: null, user: null };
  const customer = { token: 't', user: { id: 1 } };

  it.each([
    ['/login', guest, 'auth', './login'],
    ['/home', customer, 'kits', './home'],
    ['/dashboard/15', customer, 'kits', './dashboard'],
    ['/billing/', customer, 'billing', './billing'],
    ['/reset-password', customer, 'auth', './reset-password'],
  ])('names the area of a page the visitor may see: %s', (address, session, remote, module) => {
    expect(firstScreenArea(address, session)).toMatchObject({ remote, module });
  });

  it.each([
    ['/home', guest],
    ['/login', customer],
    ['/dashboard', customer],
    ['/dashboard/15/extra', customer],
    ['/', guest],
    ['/nowhere', customer],
  ])('names none where the guards redirect or no route matches: %s', (address, session) => {
    expect(firstScreenArea(address, session)).toBeUndefined();
  });
});

describe('pageToLoadAfterRedirect (a guest on a customer page, whose code the HTML preloaded)', () => {
  const guest = { token: null, user: null };
  const customer = { token: 't', user: { id: 1 } };

  it.each([
    ['/home', 'kits', './home'],
    ['/billing', 'billing', './billing'],
  ])('names the customer page a guest is sent away from: %s', (address, remote, module) => {
    expect(pageToLoadAfterRedirect(address, guest)).toMatchObject({ remote, module });
  });

  it.each([
    ['a customer', customer, ['/home', '/login']],
    ['a guest', guest, ['/login', '/nowhere']],
  ])('names nothing else, for %s', (_, session, addresses) => {
    for (const address of addresses) expect(pageToLoadAfterRedirect(address, session)).toBeUndefined();
  });
});

describe('firstScreenCallsApi (whether bootstrap starts loading the API client at once)', () => {
  it('is true with a stored session, or on a customer page whose HTML preloads the client', () => {
    expect(firstScreenCallsApi('/login', { token: 't' })).toBe(true);
    expect(firstScreenCallsApi('/dashboard/15', { token: null })).toBe(true);
    expect(firstScreenCallsApi('/dashboard/15', { token: 't' })).toBe(true);
  });

  it('is false on a customer page whose route names its first calls: the entry makes them by fetch', () => {
    expect(firstScreenCallsApi('/home', { token: 't' })).toBe(false);
    expect(firstScreenCallsApi('/home', { token: null })).toBe(false);
  });

  it('is false on a guest or open page without a session', () => {
    expect(firstScreenCallsApi('/login', { token: null })).toBe(false);
    expect(firstScreenCallsApi('/reset-password', { token: null })).toBe(false);
    expect(firstScreenCallsApi('/nowhere', { token: null })).toBe(false);
  });
});

import routeAreas from './route-areas.json';
import { areaRoutes, firstScreenArea, firstScreenCallsApi } from './route-table';

describe('route-areas.json (read by the serving process to preload the area of a route)', () => {
  it('names the same remote, module and access for every route as the route table', () => {
    expect(routeAreas.routes).toEqual(
      areaRoutes.map(({ path, remote, module, access }) => ({ path, remote, module, access })),
    );
  });
});

describe('firstScreenArea (the area bootstrap starts loading before the app renders)', () => {
  const guest = { token: null, user: null };
  const customer = { token: 't', user: { id: 1 } };

  it('names the area of a page the visitor may see', () => {
    expect(firstScreenArea('/login', guest)).toMatchObject({ remote: 'auth', module: './login' });
    expect(firstScreenArea('/home', customer)).toMatchObject({ remote: 'kits', module: './home' });
    expect(firstScreenArea('/dashboard/15', customer)).toMatchObject({ remote: 'kits', module: './dashboard' });
    expect(firstScreenArea('/billing/', customer)).toMatchObject({ remote: 'billing', module: './billing' });
    expect(firstScreenArea('/reset-password', customer)).toMatchObject({ remote: 'auth', module: './reset-password' });
  });

  it('names none where the guards redirect or no route matches', () => {
    expect(firstScreenArea('/home', guest)).toBeUndefined();
    expect(firstScreenArea('/login', customer)).toBeUndefined();
    expect(firstScreenArea('/dashboard', customer)).toBeUndefined();
    expect(firstScreenArea('/dashboard/15/extra', customer)).toBeUndefined();
    expect(firstScreenArea('/', guest)).toBeUndefined();
    expect(firstScreenArea('/nowhere', customer)).toBeUndefined();
  });
});

describe('firstScreenCallsApi (whether bootstrap starts loading the API client at once)', () => {
  it('is true with a stored session, or on a customer page whose HTML preloads the client', () => {
    expect(firstScreenCallsApi('/login', { token: 't' })).toBe(true);
    expect(firstScreenCallsApi('/home', { token: null })).toBe(true);
    expect(firstScreenCallsApi('/dashboard/15', { token: null })).toBe(true);
  });

  it('is false on a guest or open page without a session', () => {
    expect(firstScreenCallsApi('/login', { token: null })).toBe(false);
    expect(firstScreenCallsApi('/reset-password', { token: null })).toBe(false);
    expect(firstScreenCallsApi('/nowhere', { token: null })).toBe(false);
  });
});

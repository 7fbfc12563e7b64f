import { findRoute, frameAudience, frameSignature, navLinks, parseRoutes, paths, type AreaRoute } from './routes';
import { routeAt } from './config/live-routes';
import { setRuntimeConfig } from './config/runtime-config';

const dashboard: AreaRoute = {
  path: '/dashboard/:kitId',
  remote: 'kits',
  module: './dashboard',
  areaLabel: 'Kit dashboard',
  access: 'customer',
  chat: true,
};
const home: AreaRoute = { ...dashboard, path: '/home', module: './home', areaLabel: 'Home', nav: { label: 'Home', audience: 'customer', order: 10 } };

describe('route module', () => {
  it('builds a kit dashboard address that routes back to the dashboard, whatever the kit id holds', () => {
    expect(paths.dashboard('KIT 1/2')).toBe('/dashboard/KIT%201%2F2');
    expect(findRoute([dashboard], paths.dashboard('KIT 1/2'))).toBe(dashboard);
  });

  it('routes by the live table the page configuration carries', () => {
    setRuntimeConfig({ routes: [home, dashboard] });
    expect(routeAt('/HOME/')).toMatchObject({ remote: 'kits', module: './home' });
    expect(routeAt('/billing')).toBeUndefined();
  });

  it('keeps only valid routes from untrusted JSON, the first of a path winning', () => {
    const parsed = parseRoutes([home, { ...home, module: './other' }, { path: 'no-slash', remote: 'kits' }, null, dashboard]);
    expect(parsed).toEqual([home, dashboard]);
    expect(parseRoutes('not a list')).toEqual([]);
  });

  it("keeps a route's first reads that are GETs of the API by path and query, and drops the others", () => {
    const wallet = { url: '/api/v1/starlink_user_wallet' };
    const page = { url: '/api/v1/starlink_kits', params: { page: 1, per_page: 10 } };
    const [parsed] = parseRoutes([{ ...home, firstReads: [wallet, page, { url: 'https://elsewhere.example/x' }, { url: '/api/v1/x', params: { a: {} } }, 'no'] }]);
    expect(parsed?.firstReads).toEqual([wallet, page]);
    expect(parseRoutes([{ ...home, firstReads: 'none' }])[0]).toEqual(home);
  });

  it('lists the navbar links of an audience in their order, and signs what a frame draws', () => {
    const billing: AreaRoute = { ...home, path: '/billing', remote: 'billing', nav: { label: 'Billing', audience: 'customer', order: 5 } };
    expect(navLinks([home, billing, dashboard], 'customer').map((link) => link.path)).toEqual(['/billing', '/home']);
    expect(navLinks([home, billing], 'guest')).toEqual([]);
    expect(frameSignature([home, dashboard], 'customer')).toBe(frameSignature([dashboard, home], 'customer'));
    expect(frameSignature([home], 'customer')).not.toBe(frameSignature([home, billing], 'customer'));
    expect(frameSignature([home], 'guest')).toBe(frameSignature([home, billing], 'guest'));
    expect([frameAudience(home), frameAudience({ access: 'open' })]).toEqual(['customer', 'guest']);
  });
});

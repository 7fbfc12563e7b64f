import routeAreas from './route-areas.json';
import { areaRoutes } from './route-table';

describe('route-areas.json (read by the serving process to preload the remote of a route)', () => {
  it('names the same remote for every route as the route table', () => {
    expect(routeAreas.routes).toEqual(areaRoutes.map(({ path, remote }) => ({ path, remote })));
  });
});

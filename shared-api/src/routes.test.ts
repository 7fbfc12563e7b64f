import { paths, routeAt } from './routes';

describe('route module', () => {
  it('builds a kit dashboard address that routes back to the dashboard, whatever the kit id holds', () => {
    expect(paths.dashboard('KIT 1/2')).toBe('/dashboard/KIT%201%2F2');
    expect(routeAt(paths.dashboard('KIT 1/2'))).toMatchObject({ remote: 'kits', module: './dashboard' });
  });
});

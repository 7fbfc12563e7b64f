import fs from 'node:fs';
import path from 'node:path';
import { apps, areas, host, sharedPackages } from '../index';
import { declaredRoutes } from '../declared-routes';

const root = path.resolve(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('the registry against what the repository holds', () => {
  it('names each app once, by a package that exists, each on its own port', () => {
    expect(new Set(apps.map((app) => app.name)).size).toBe(apps.length);
    expect(new Set(apps.map((app) => app.offset)).size).toBe(apps.length);
    for (const app of apps) expect(fs.existsSync(path.join(root, app.dir, 'package.json'))).toBe(true);
  });

  it("is what TypeScript checks: the root tsconfig.json references every app, shared library and the registry", () => {
    const references = (readJson('tsconfig.json').references as { path: string }[]).map((r) => r.path);
    expect(references).toEqual(expect.arrayContaining([...sharedPackages, ...apps.map((app) => app.dir), 'registry']));
  });

  it('is what npm installs: every app and shared library is a workspace', () => {
    expect(readJson('package.json').workspaces).toEqual(expect.arrayContaining([...sharedPackages, ...apps.map((app) => app.dir)]));
  });

  it("names each area's own route module, which declares spec section 2's routes and may add more", () => {
    for (const area of areas) expect(fs.existsSync(path.join(root, area.dir, area.routes))).toBe(true);
    const routes = declaredRoutes(root);
    for (const route of routes) expect(areas.map((area) => area.name)).toContain(route.remote);
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
    // The spec's ten, each by its area and access; a team's new page is one more route, not a change here.
    expect(routes.map(({ path: at, remote, access }) => [at, remote, access])).toEqual(
      expect.arrayContaining([
        ['/signup', 'auth', 'guest'],
        ['/login', 'auth', 'guest'],
        ['/forgot-password', 'auth', 'open'],
        ['/reset-password', 'auth', 'open'],
        ['/email-confirmation', 'auth', 'open'],
        ['/activate', 'auth', 'open'],
        ['/home', 'kits', 'customer'],
        ['/dashboard/:kitId', 'kits', 'customer'],
        ['/billing', 'billing', 'customer'],
        ['/profile', 'profile', 'customer'],
      ]),
    );
    expect(host.name).toBe('shell');
  });
});

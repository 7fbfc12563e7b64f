// The portal's one registry: its apps, their ports and the libraries they share. The builds (webpack-config), the
// servers (portal-server), budgets, lint (eslint.config.mjs), jest (jest.config.js) and TypeScript (a test checks the
// root tsconfig.json's references) read it. Adding an area is one entry here plus its package.

export interface AppEntry {
  /** The federation name (`kits`), as the app's build declares it. */
  name: string;
  /** The package folder at the repository root. */
  dir: string;
  /** Its port: the portal's base port (3000) plus this. */
  offset: number;
}

export interface AreaEntry extends AppEntry {
  /** The area's route module (exporting `routes`, shared-api/routes' `AreaRoutes`), relative to its folder. */
  routes: string;
}

/** The host: navbar, guard and the one router, which loads every area at run time. */
export const host = { name: 'shell', dir: 'shell', offset: 0 } as const satisfies AppEntry;

/** The areas (remotes), each shipped on its own. */
export const areas = [
  { name: 'auth', dir: 'mfe-auth', offset: 1, routes: 'src/routes.ts' },
  { name: 'kits', dir: 'mfe-kits', offset: 2, routes: 'src/routes.ts' },
  { name: 'billing', dir: 'mfe-billing', offset: 3, routes: 'src/routes.ts' },
  { name: 'profile', dir: 'mfe-profile', offset: 4, routes: 'src/routes.ts' },
  // The reseller's staff: open routes its own staff session guards; customers' pages never load it.
  { name: 'operator', dir: 'mfe-operator', offset: 5, routes: 'src/routes.ts' },
] as const satisfies readonly AreaEntry[];

/** The shell first, then the areas. */
export const apps = [host, ...areas] as const;

export type AppName = (typeof host)['name'] | (typeof areas)[number]['name'];

/** The port the portal's first app (the shell) listens on; each app is on `basePort + offset`. */
export const basePort = 3000;

/** The portal's own libraries every app shares at run time (one copy, one session store, one cache). */
export const sharedPackages = ['shared-api', 'shared-ui'] as const;

/**
 * One copy of each at run time (the shell's, under 'loaded-first'): a remote runs against whatever the shell
 * provides, whatever it was built with. react-router-dom reaches remotes only through shared-ui/router.
 */
export const singletons = [
  'react',
  'react-dom',
  'react-router-dom',
  'styled-components',
  'zustand',
  'react-hot-toast',
  ...sharedPackages,
] as const;

/** The other packages of the repository (no app): libraries, tools and tests. */
export const tools = ['webpack-config', 'release', 'budgets', 'bench', 'portal-server', 'api', 'e2e', 'registry'] as const;

/** The app of a federation name or package folder, undefined for anything else. */
export function appOf(nameOrDir: string): (typeof apps)[number] | undefined {
  return apps.find((app) => app.name === nameOrDir || app.dir === nameOrDir);
}

import fs from 'node:fs';
import path from 'node:path';
import { distOf, remotes, repoRoot, type Remote } from './first-load';

type SharedStat = { name: string; assets: { js: { sync: string[]; async: string[] } } };

/** The libraries only areas import: the shell never loads them, so each remote keeps its own copy. */
const AREA_ONLY = ['shared-api/data', 'swr'];

const sharedIn = (pkg: string) =>
  (JSON.parse(fs.readFileSync(path.join(distOf(pkg), 'mf-stats.json'), 'utf8')) as { shared: SharedStat[] }).shared;
const hasCopy = (shared: SharedStat) => shared.assets.js.sync.length + shared.assets.js.async.length > 0;

describe('shared libraries of the production build', () => {
  it.each(Object.keys(remotes) as Remote[])(
    'the %s remote bundles no copy of a library the shell provides, and consumes nothing the shell lacks',
    (remote) => {
      const shellProvides = sharedIn('shell')
        .filter(hasCopy)
        .map((s) => s.name);
      const shared = sharedIn(remotes[remote]);
      expect(shared.filter((s) => hasCopy(s) && !AREA_ONLY.includes(s.name)).map((s) => s.name)).toEqual([]);
      // Without a copy of its own, a library the shell does not provide would fail to load in the browser.
      expect(shared.filter((s) => !hasCopy(s) && !shellProvides.includes(s.name)).map((s) => s.name)).toEqual([]);
    },
  );

  it('a remote run alone in development (`npm start -w mfe-x`) keeps its own copy of every library', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const config = require(path.join(repoRoot, 'mfe-auth', 'webpack.config.js')) as (
      env: unknown,
      argv: { mode: string },
    ) => { plugins: { constructor: { name: string }; _options?: { shared: Record<string, { import?: unknown }> } }[] };
    const sharedFor = (mode: string) =>
      config({}, { mode }).plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin')!._options!.shared;
    const withoutCopy = (mode: string) =>
      Object.entries(sharedFor(mode))
        .filter(([, c]) => c.import === false)
        .map(([key]) => key);
    expect(withoutCopy('development')).toEqual([]);
    expect(withoutCopy('production')).toEqual(
      Object.keys(sharedFor('production')).filter((key) => !AREA_ONLY.includes(key)),
    );
  });
});

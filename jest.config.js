// One jest run over every package (`npm run test:unit`): one boot, one worker pool, the slow API suites interleaved
// with the fast ones. Each package keeps its own jest.config.js, so `npm test -w <pkg>` runs it alone.
const path = require('path');
const tsx = require('tsx/cjs/api');

// The apps and shared libraries from the portal's registry, so a new area's tests run with the others'. TypeScript is
// read only for this: left registered, tsx's resolver would answer for jest's own transforms.
const unregister = tsx.register();
const registry = require('portal-registry');
unregister();
const packages = [
  ...registry.sharedPackages,
  'portal-rules',
  'api',
  ...registry.areas.map((area) => area.dir),
  registry.host.dir,
  'release',
  'portal-server',
  'webpack-config',
  'registry',
];

/** A package's own config as one project of the run; its worker count is the run's (`maxWorkers` below). */
function project(pkg) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { maxWorkers, ...config } = require(`./${pkg}/jest.config.js`);
  return { ...config, rootDir: path.join(__dirname, pkg), displayName: pkg };
}

module.exports = {
  maxWorkers: 2,
  // Jest takes the timeout from the run, not from a project: the longest a package sets (the API's suites start real
  // servers) holds for all.
  testTimeout: 60000,
  projects: [
    ...packages.map(project),
    // The API's package run leaves out its two-process suite (`npm run test:instances -w api`); the whole run has it.
    { ...project('api'), displayName: 'api (two instances)', testMatch: ['<rootDir>/test/instances.test.ts'], testPathIgnorePatterns: ['/node_modules/'] },
  ],
};

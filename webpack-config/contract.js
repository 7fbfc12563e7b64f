// The version contract between the shell and each remote: which singleton versions an app is built with, which
// range it requires the shell to provide, and the check that refuses a remote the live shell cannot run. Used by
// the builds (ContractCheckPlugin in index.js) and by the release tool (release/), so both say the same thing.
const fs = require('fs');
const path = require('path');
const semver = require('semver');

const root = path.resolve(__dirname, '..');

const registry = require('./registry');

/** One copy of each at run time: the registry's singletons (portal-registry). */
const SINGLETONS = [...registry.singletons];

/**
 * The Module Federation runtime an app is built with (the installed @module-federation/enhanced's runtime core), in
 * the contract beside the singletons. A production remote runs on the shell's runtime core (`externalRuntime`), with
 * its own bundler runtime bound to that core's internals, which are not a public interface between releases: such a
 * remote needs the very release it was built with. A remote with a runtime of its own needs only the same major.
 */
const FEDERATION_RUNTIME = '@module-federation/runtime-core';

/** The federation name of each app and its package folder, from the registry. */
const APPS = Object.fromEntries(registry.apps.map((app) => [app.name, app.dir]));

/** `kits`, `mfe-kits` or a package folder path → `kits`; null for anything else. */
function appName(nameOrDir) {
  const base = path.basename(String(nameOrDir));
  if (Object.hasOwn(APPS, base)) return base;
  return Object.keys(APPS).find((name) => APPS[name] === base) ?? null;
}

/** The release store: PORTAL_RELEASES_DIR, or `<repo>/.releases`. */
function defaultStoreDir(env = process.env) {
  return path.resolve(env.PORTAL_RELEASES_DIR || path.join(root, '.releases'));
}

/**
 * The version of `pkg` that the app in `dirname` builds with: resolved from the app's own folder, so an app that
 * installed its own copy (mfe-profile/node_modules/zustand) declares that one, not the monorepo root's.
 */
function versionFrom(dirname, pkg) {
  return JSON.parse(fs.readFileSync(path.join(packageDir(dirname, pkg), 'package.json'), 'utf8')).version;
}

/** The folder of the package `pkg` as resolved from `dirname`. */
function packageDir(dirname, pkg) {
  let dir = path.dirname(require.resolve(pkg, { paths: [dirname] }));
  // The entry file sits somewhere below the package root (dist/, src/): walk up to the package.json naming it.
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).name === pkg) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the package.json of ${pkg} from ${dirname}`);
    dir = parent;
  }
}

/** Every singleton the app resolves, with the version it builds with. */
function sharedVersions(dirname) {
  const versions = {};
  for (const pkg of SINGLETONS) {
    try {
      versions[pkg] = versionFrom(dirname, pkg);
    } catch {
      // Not a dependency of this app: it neither provides nor needs it.
    }
  }
  versions[FEDERATION_RUNTIME] = federationRuntimeVersion(dirname);
  return versions;
}

/** The federation runtime core the app in `dirname` builds with: the one its @module-federation/enhanced resolves. */
function federationRuntimeVersion(dirname) {
  return versionFrom(packageDir(dirname, '@module-federation/enhanced'), FEDERATION_RUNTIME);
}

/**
 * What an app requires the shell to provide: the version it was built with or a newer one of the same major
 * (`^x.y.z`), since the calls it makes may be new in x.y; of the federation runtime, the very release when the app
 * runs on the shell's (`externalRuntime`), else the same major.
 */
function requiredRanges(shared, { externalRuntime = false } = {}) {
  return Object.fromEntries(
    Object.entries(shared).map(([pkg, version]) => {
      if (pkg !== FEDERATION_RUNTIME) return [pkg, `^${version}`];
      return [pkg, externalRuntime ? version : `^${semver.major(version)}.0.0`];
    }),
  );
}

/**
 * The range the app in `dirname` declares for `pkg` in its package.json (dependencies or peerDependencies), which its
 * federation `shared` config passes to the runtime as `requiredVersion`; an exact pin (a workspace package, "2.0.0")
 * becomes `^2.0.0`: a later minor of a shared package only adds to it. Undefined when the app does not declare it.
 */
function declaredRange(dirname, pkg) {
  const json = JSON.parse(fs.readFileSync(path.join(dirname, 'package.json'), 'utf8'));
  const range = json.dependencies?.[pkg] ?? json.peerDependencies?.[pkg] ?? json.devDependencies?.[pkg];
  if (typeof range !== 'string') return undefined;
  return semver.valid(range) ? `^${range}` : range;
}

/**
 * Why `remote` cannot run under `shell` (both release manifests: { app, id?, shared, requires }), one sentence
 * per library, each naming both versions and the fix; empty when it can.
 */
function contractProblems(shell, remote) {
  const problems = [];
  const pkgDir = APPS[remote.app] ?? remote.app;
  for (const [pkg, range] of Object.entries(remote.requires ?? {})) {
    const provided = shell.shared?.[pkg];
    // A library the shell does not share, the remote bundles itself; the federation runtime it cannot.
    if (!provided && pkg !== FEDERATION_RUNTIME) continue;
    if (provided && semver.satisfies(provided, range)) continue;
    const built = remote.shared?.[pkg] ?? range;
    const shellName = `the live shell${shell.id ? ` (release ${shell.id})` : ''}`;
    const remoteName = `${remote.app}${remote.id ? ` (release ${remote.id})` : ''}`;
    if (pkg === FEDERATION_RUNTIME) {
      const release = provided && semver.valid(built) && semver.gt(provided, built) ? provided : built;
      problems.push(
        `${pkg}: ${remoteName} is built with ${built} and needs ${range}, but ${shellName} provides ${provided ?? 'none'}. ` +
          `Fix: build the shell and ${pkgDir} with one @module-federation/enhanced (${release}: "@module-federation/enhanced": "^${release}" in the root package.json, npm install), ` +
          `release both and promote them together (release sync, or npm start).`,
      );
      continue;
    }
    const fix = !provided || (semver.valid(built) && semver.gt(built, provided))
      ? `release and promote a shell built with ${pkg} ${range} first (npm run release -w shell, npm run promote -w shell), then this ${remote.app} release`
      : `build ${pkgDir} with the shell's ${pkg} (in ${pkgDir}/package.json: "${pkg}": "^${provided}", npm install), then release it again`;
    problems.push(
      `${pkg}: ${remoteName} is built with ${built} and needs ${range}, but ${shellName} provides ${provided ?? 'none'}. Fix: ${fix}.`,
    );
  }
  return [...problems, ...exportProblems(shell, remote)];
}

/** The shared packages whose export names the contract records: the portal's own, which change between releases. */
const NAMED_EXPORTS = /^shared-(api|ui)(\/|$)/;

/**
 * Why `remote` imports a name `shell` does not provide from a shared package (both release manifests; the shell's
 * `exports`, the remote's `imports`: share key -> names), whatever their version numbers say; empty when every name is
 * there, or when the shell's release predates the record.
 */
function exportProblems(shell, remote) {
  const problems = [];
  for (const [key, names] of Object.entries(remote.imports ?? {})) {
    const provided = shell.exports?.[key];
    if (!Array.isArray(provided)) continue;
    const missing = names.filter((name) => !provided.includes(name));
    if (missing.length === 0) continue;
    const pkg = key.split('/')[0];
    problems.push(
      `${key}: ${remote.app}${remote.id ? ` (release ${remote.id})` : ''} imports ${missing.join(', ')}, which the live shell${shell.id ? ` (release ${shell.id})` : ''} does not provide (${pkg} ${shell.shared?.[pkg] ?? 'unknown'}). ` +
        `Fix: add a minor changeset for ${pkg} (npx changeset), release and promote a shell built with it first (npm run release -w shell, npm run promote -w shell), then this ${remote.app} release.`,
    );
  }
  return problems;
}

module.exports = {
  APPS,
  FEDERATION_RUNTIME,
  NAMED_EXPORTS,
  SINGLETONS,
  appName,
  contractProblems,
  declaredRange,
  defaultStoreDir,
  exportProblems,
  federationRuntimeVersion,
  requiredRanges,
  sharedVersions,
  versionFrom,
};

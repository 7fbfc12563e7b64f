// `npm run release|promote|rollback|releases -w <app>` (run in the app's folder), and `sync` for the whole portal
// (npm start): `tsx release/src/cli.ts <command> [id] [--dry-run] [--no-build] [--build] [--keep N] [--app NAME]`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { APPS, defaultStoreDir } from 'webpack-config/contract';
import {
  type AppName,
  type PromoteResult,
  ReleaseError,
  type StoreOptions,
  addRelease,
  checkStore,
  listReleases,
  promote,
  readLive,
  rollback,
  toAppName,
} from './store';
import { releaseBuilds } from './sync';

const root = path.resolve(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Args {
  command: string;
  id?: string;
  app?: string;
  build: boolean;
  /** `sync --build`: the whole portal built first. */
  buildAll: boolean;
  /** `sync --from DIR`: the builds of another checkout (its `<package>/dist` folders). */
  from?: string;
  options: StoreOptions;
}

function parse(argv: string[]): Args {
  const [command = 'help', ...rest] = argv;
  const args: Args = { command, build: true, buildAll: false, options: {} };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] as string;
    if (arg === '--dry-run') args.options.dryRun = true;
    else if (arg === '--no-build') args.build = false;
    else if (arg === '--build') args.buildAll = true;
    else if (arg === '--keep') args.options.keep = Number(rest[++i]);
    else if (arg === '--app') args.app = rest[++i];
    else if (arg === '--from') args.from = path.resolve(rest[++i] ?? '.');
    else if (!arg.startsWith('-') && !args.id) args.id = arg;
    else throw new ReleaseError(`Unknown argument ${arg}.`);
  }
  return args;
}

const distOf = (app: AppName) => path.join(root, APPS[app], 'dist');
const prefix = (dryRun?: boolean) => (dryRun ? '[dry run] ' : '');

function build(app: AppName): void {
  console.log(`Building ${APPS[app]} (production)…`);
  const result = spawnSync(npm, ['run', 'build', '-w', APPS[app]], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new ReleaseError(`The build of ${APPS[app]} failed: nothing was released.`);
}

/** The whole portal built together (`npm run build`: no check against the live shell, which goes live with it). */
function buildAll(): void {
  console.log('Building the shell and every area (production)…');
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new ReleaseError('The build of the portal failed: nothing was released.');
}

/** Adds the app's dist to the store; returns the release id and whether it is new. */
function release(app: AppName, options: StoreOptions): { id: string; created: boolean } {
  const { manifest, created, removed, repaired } = addRelease(app, distOf(app), options);
  const p = prefix(options.dryRun);
  if (repaired) console.log(`${p}${app}: the damaged release.json of ${manifest.id} was rebuilt from this identical build.`);
  if (!created) console.log(`${app}: already released as ${manifest.id} (identical build); no new release.`);
  else console.log(`${p}${app}: released ${manifest.id} (built ${manifest.builtAt}), not live: \`npm run promote -w ${APPS[app]}\`.`);
  for (const id of removed) console.log(`${p}${app}: removed release ${id} (beyond the retention of the newest ${options.keep ?? (process.env.PORTAL_RELEASES_KEEP || 5)}).`);
  return { id: manifest.id, created };
}

function reportSwitch(result: PromoteResult, verb: string, dryRun?: boolean) {
  // Promote without an id says which release it chose, and which newer ones it passed over.
  const chosen = result.passedOver
    ? `, the newest release never rolled back${result.passedOver.length > 0 ? ` (passed over, rolled back: ${result.passedOver.join(', ')})` : ''}`
    : '';
  if (!result.changed) console.log(`${result.app}: ${result.id}${chosen} is already live; nothing changed.`);
  else console.log(`${prefix(dryRun)}${result.app}: ${verb} ${result.id}${chosen} (was ${result.previous ?? 'none'}); customers get it at their next page load.`);
}

/** Says what is damaged in the store, one sentence each, after repairing what the store's own files allow. */
function check(apps: AppName[], options: StoreOptions): void {
  for (const name of new Set(apps)) for (const message of checkStore(name, options)) console.warn(message);
}

function list(app: AppName, storeDir: string): void {
  const { live } = readLive(app, storeDir);
  const releases = listReleases(app, storeDir);
  if (releases.length === 0) {
    console.log(`${app}: no releases in ${storeDir}.`);
    return;
  }
  const { rolledBack, refused, history } = readLive(app, storeDir);
  for (const m of releases) {
    const shared = Object.entries(m.shared).map(([lib, v]) => `${lib} ${v}`).join(', ');
    const mark = m.id === live ? '* live' : rolledBack.includes(m.id) ? 'rolled back' : refused.includes(m.id) ? 'refused' : '';
    console.log(`${mark.padEnd(11)}  ${m.id}  built ${m.builtAt}  ${shared}`);
  }
  if (history.length > 0) {
    console.log('History (oldest first):');
    for (const step of history) console.log(`  ${step.at}  ${step.action.padEnd(8)}  ${step.id}`);
  }
}

function main(argv: string[]): number {
  const args = parse(argv);
  const storeDir = args.options.storeDir ?? defaultStoreDir();
  const app = () => toAppName(args.app ?? process.cwd());
  switch (args.command) {
    case 'release': {
      const name = app();
      check([name], args.options);
      if (args.build && !args.options.dryRun) build(name);
      else if (args.options.dryRun) console.log('[dry run] not building: the current dist stands for the build.');
      release(name, args.options);
      return 0;
    }
    case 'promote':
      check([app(), 'shell'], args.options);
      reportSwitch(promote(app(), args.id, args.options), 'promoted', args.options.dryRun);
      return 0;
    case 'rollback':
      check([app(), 'shell'], args.options);
      reportSwitch(rollback(app(), args.options), 'rolled back to', args.options.dryRun);
      return 0;
    case 'releases':
      check([app()], args.options);
      list(app(), storeDir);
      return 0;
    case 'sync': {
      if (args.buildAll && !args.options.dryRun) buildAll();
      const from = args.from;
      const { refused } = releaseBuilds({ ...args.options, ...(from ? { distOf: (name: AppName) => path.join(from, APPS[name], 'dist') } : {}) });
      // Each refused app stays on its live release: say why, and fail so a script notices.
      for (const message of refused) console.error(message);
      if (refused.length > 0) console.error(`sync: ${refused.length} release(s) refused; the apps above stay on their live release.`);
      return refused.length > 0 ? 1 : 0;
    }
    default:
      console.log('Usage (in an app folder, or --app NAME): release [--no-build] | promote [id] | rollback | releases; sync [--build] [--from DIR] (every built app, promoted together; --build builds the whole portal first). Each takes --dry-run; release takes --keep N.');
      return args.command === 'help' ? 0 : 1;
  }
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}

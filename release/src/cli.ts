// `npm run release|promote|rollback|releases -w <app>` (run in the app's folder), and `sync` for the whole portal
// (npm start): `tsx release/src/cli.ts <command> [id] [--dry-run] [--no-build] [--keep N] [--app NAME]`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { APPS, defaultStoreDir } from 'webpack-config/contract';
import {
  type AppName,
  ReleaseError,
  type StoreOptions,
  addRelease,
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
  options: StoreOptions;
}

function parse(argv: string[]): Args {
  const [command = 'help', ...rest] = argv;
  const args: Args = { command, build: true, options: {} };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] as string;
    if (arg === '--dry-run') args.options.dryRun = true;
    else if (arg === '--no-build') args.build = false;
    else if (arg === '--keep') args.options.keep = Number(rest[++i]);
    else if (arg === '--app') args.app = rest[++i];
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

/** Adds the app's dist to the store; returns the release id and whether it is new. */
function release(app: AppName, options: StoreOptions): { id: string; created: boolean } {
  const { manifest, created, removed } = addRelease(app, distOf(app), options);
  const p = prefix(options.dryRun);
  if (!created) console.log(`${app}: already released as ${manifest.id} (identical build); no new release.`);
  else console.log(`${p}${app}: released ${manifest.id} (built ${manifest.builtAt}), not live: \`npm run promote -w ${APPS[app]}\`.`);
  for (const id of removed) console.log(`${p}${app}: removed release ${id} (beyond the retention of the newest ${options.keep ?? (process.env.PORTAL_RELEASES_KEEP || 5)}).`);
  return { id: manifest.id, created };
}

function reportSwitch(result: { app: string; id: string; previous: string | null; changed: boolean }, verb: string, dryRun?: boolean) {
  if (!result.changed) console.log(`${result.app}: ${result.id} is already live; nothing changed.`);
  else console.log(`${prefix(dryRun)}${result.app}: ${verb} ${result.id} (was ${result.previous ?? 'none'}); customers get it at their next page load.`);
}

function list(app: AppName, storeDir: string): void {
  const { live } = readLive(app, storeDir);
  const releases = listReleases(app, storeDir);
  if (releases.length === 0) {
    console.log(`${app}: no releases in ${storeDir}.`);
    return;
  }
  for (const m of releases) {
    const shared = Object.entries(m.shared).map(([lib, v]) => `${lib} ${v}`).join(', ');
    console.log(`${m.id === live ? '* live' : '      '}  ${m.id}  built ${m.builtAt}  ${shared}`);
  }
}

function main(argv: string[]): number {
  const args = parse(argv);
  const storeDir = args.options.storeDir ?? defaultStoreDir();
  const app = () => toAppName(args.app ?? process.cwd());
  switch (args.command) {
    case 'release': {
      const name = app();
      if (args.build && !args.options.dryRun) build(name);
      else if (args.options.dryRun) console.log('[dry run] not building: the current dist stands for the build.');
      release(name, args.options);
      return 0;
    }
    case 'promote':
      reportSwitch(promote(app(), args.id, args.options), 'promoted', args.options.dryRun);
      return 0;
    case 'rollback':
      reportSwitch(rollback(app(), args.options), 'rolled back to', args.options.dryRun);
      return 0;
    case 'releases':
      list(app(), storeDir);
      return 0;
    case 'sync':
      return releaseBuilds(args.options).refused.length > 0 ? 1 : 0;
    default:
      console.log('Usage (in an app folder, or --app NAME): release [--no-build] | promote [id] | rollback | releases; sync (every built app). Each takes --dry-run; release takes --keep N.');
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

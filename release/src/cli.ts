// `npm run release|promote|rollback|releases -w <app>` (run in the app's folder), and `sync` for the whole portal
// (npm start): `tsx release/src/cli.ts <command> [id] [--dry-run] [--no-build] [--build] [--keep N] [--app NAME]`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { APPS, defaultStoreDir } from 'webpack-config/contract';
import { type AppName, type PromoteResult, ReleaseError, type StoreOptions, addRelease, checkStore, endCanary, listReleases, promote, readLive, releaseBuilds, rollback, startCanary, toAppName } from './store';
import { DEFAULT_WATCH, type ReleaseHealth, type WatchRule, boundaries, errorsPerThousand, readHealth, verdict } from './health';

const root = path.resolve(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Args {
  command: string;
  id?: string;
  app?: string;
  /** `release --no-build`: the current dist is released as it is. */
  build: boolean;
  /** `sync --build`: the whole portal built first. */
  buildAll: boolean;
  /** `sync --from DIR`: the builds of another checkout (its `<package>/dist` folders). */
  from?: string;
  options: StoreOptions;
  /** `promote --canary N`: the release goes to N % of browsers. */
  canary?: number;
  /** `promote --watch`: the canary is promoted or rolled back by its health. */
  watch: boolean;
  rule: WatchRule;
  /** Seconds between two looks at the canary's health. */
  interval: number;
  /** Seconds after which the watch gives up (the canary keeps running). */
  timeout: number;
}

function parse(argv: string[]): Args {
  const [command = 'help', ...rest] = argv;
  const args: Args = { command, build: true, buildAll: false, options: {}, watch: false, rule: { ...DEFAULT_WATCH }, interval: 30, timeout: 24 * 3600 };
  const number = (flag: string) => {
    const value = rest.shift();
    if (value === undefined || !Number.isFinite(Number(value)) || Number(value) < 0) throw new ReleaseError(`${flag} needs a number (got ${value ?? 'nothing'}).`);
    return Number(value);
  };
  const flags: Record<string, (flag: string) => unknown> = {
    '--dry-run': () => (args.options.dryRun = true),
    '--no-build': () => (args.build = false),
    '--build': () => (args.buildAll = true),
    '--watch': () => (args.watch = true),
    '--app': () => (args.app = rest.shift()),
    '--from': () => (args.from = path.resolve(rest.shift() ?? '.')),
    '--keep': (flag) => (args.options.keep = number(flag)),
    '--canary': (flag) => (args.canary = number(flag)),
    '--min-customers': (flag) => (args.rule.minCustomers = number(flag)),
    '--min-minutes': (flag) => (args.rule.minMinutes = number(flag)),
    '--interval': (flag) => (args.interval = number(flag)),
    '--timeout': (flag) => (args.timeout = number(flag)),
  };
  for (let arg = rest.shift(); arg !== undefined; arg = rest.shift()) {
    const set = flags[arg];
    if (set) set(arg);
    else if (!arg.startsWith('-') && !args.id) args.id = arg;
    else throw new ReleaseError(`Unknown argument ${arg}.`);
  }
  return args;
}

/** `npm run <args>` in the repository root, or a ReleaseError saying `failure`. */
function run(args: string[], failure: string): void {
  if (spawnSync(npm, args, { cwd: root, stdio: 'inherit' }).status !== 0) throw new ReleaseError(failure);
}

/**
 * After a command changed what is live or a canary, the site is written again before it returns (`npm run site`:
 * portal-server's writer, which depends on this package, so it is called as a command), so no page names the build
 * before once the command has said it is live. PORTAL_SITE=off skips it (a store with no site, as this package's tests).
 */
function writeSite(dryRun?: boolean): void {
  if (dryRun || process.env.PORTAL_SITE === 'off') return;
  const dir = path.resolve(root, process.env.PORTAL_SITE_DIR || '.site');
  run(['run', '--silent', 'site', '--', dir], `The store changed, but the site in ${dir} was not written again (above): \`npm run site -- ${dir}\` writes it.`);
}

const prefix = (dryRun?: boolean) => (dryRun ? '[dry run] ' : '');

function release(app: AppName, args: Args): void {
  const { options } = args;
  if (options.dryRun) console.log('[dry run] not building: the current dist stands for the build.');
  else if (args.build) {
    console.log(`Building ${APPS[app]} (production)…`);
    run(['run', 'build', '-w', APPS[app]], `The build of ${APPS[app]} failed: nothing was released.`);
  }
  const { manifest, created, removed } = addRelease(app, path.join(root, APPS[app], 'dist'), options);
  const p = prefix(options.dryRun);
  if (!created) console.log(`${app}: already released as ${manifest.id} (identical build); no new release.`);
  else console.log(`${p}${app}: released ${manifest.id} (built ${manifest.builtAt}), not live: \`npm run promote -w ${APPS[app]}\`.`);
  for (const id of removed) console.log(`${p}${app}: removed release ${id} (beyond the retention).`);
}

function reportSwitch(result: PromoteResult, verb: string, dryRun?: boolean): void {
  // Promote without an id says which release it chose, and which newer ones it passed over.
  const passed = result.passedOver?.length ? ` (passed over, rolled back: ${result.passedOver.join(', ')})` : '';
  const chosen = result.passedOver ? `, the newest release never rolled back${passed}` : '';
  if (!result.changed) console.log(`${result.app}: ${result.id}${chosen} is already live; nothing changed.`);
  else console.log(`${prefix(dryRun)}${result.app}: ${verb} ${result.id}${chosen} (was ${result.previous ?? 'none'}); customers get it at their next page load.`);
}

/**
 * Says what is damaged in the store, one sentence each, after repairing what the history allows. A history that
 * cannot say what is live is left to the command, which refuses with the fix (or is the fix: a promotion by id).
 */
function check(apps: AppName[], options: StoreOptions): void {
  for (const name of new Set(apps)) {
    try {
      for (const message of checkStore(name, options)) console.warn(message);
    } catch (error) {
      if (!(error instanceof ReleaseError)) throw error;
    }
  }
}

const ms = (value: number | null | undefined) => (value === null || value === undefined ? '-' : `${Math.round(value)} ms`);
const columns = (...cells: string[]) => cells.map((cell) => cell.padStart(9)).join('  ');

function list(app: AppName, storeDir: string): void {
  const releases = listReleases(app, storeDir);
  if (releases.length === 0) return console.log(`${app}: no releases in ${storeDir}.`);
  const { live, rolledBack, refused, canary, steps } = readLive(app, storeDir);
  const health = readHealth(app);
  if (typeof health === 'string') console.log(`(no health figures: ${health})`);
  const figures = (id: string) => {
    if (typeof health === 'string') return '';
    const h: ReleaseHealth | undefined = health.get(id);
    return `  ${columns(String(h?.customers ?? 0), errorsPerThousand(h), ms(h?.p75_lcp), ms(h?.p75_inp))}`;
  };
  console.log(`${''.padEnd(12)}  ${'release'.padEnd(12)}${typeof health === 'string' ? '' : `  ${columns('customers', 'errors/1k', 'p75 LCP', 'p75 INP')}`}  built, shared libraries`);
  for (const m of releases) {
    const shared = Object.entries(m.shared).map(([lib, v]) => `${lib} ${v}`).join(', ');
    const mark = m.id === live ? '* live' : canary?.id === m.id ? `canary ${canary.percent} %` : rolledBack.includes(m.id) ? 'rolled back' : refused.includes(m.id) ? 'refused' : '';
    console.log(`${mark.padEnd(12)}  ${m.id}${figures(m.id)}  ${m.builtAt}  ${shared}`);
  }
  if (steps.length > 0) console.log('History (oldest first):');
  for (const s of steps) {
    const detail = s.action === 'canary' ? `  ${s.percent} % of browsers` : s.reason ? `  ${s.reason}` : '';
    console.log(`  ${s.at}  ${s.action.padEnd(18)}  ${s.id}${detail}`);
  }
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * `promote --watch`: looks at the canary's health every `interval` seconds, counting only what signed-in customers
 * reported since the canary began, and rolls it back or promotes it by the sequential test of health.ts (`verdict`).
 * Both outcomes are steps of the history.
 */
async function watch(app: AppName, args: Args): Promise<number> {
  const started = Date.now();
  const { canary } = readLive(app, args.options.storeDir);
  if (!canary) throw new ReleaseError(`${app} has no canary to watch: \`npm run promote -w ${APPS[app]} -- --canary 10 --watch\` starts one.`);
  const rule = args.rule;
  const { upper, lower } = boundaries(rule);
  console.log(
    `${app}: watching canary ${canary.id} (${canary.percent} %) since ${canary.at}: rolled back as soon as its customers' error rate is clearly above the live release's (sequential test, log-likelihood ratio ≥ ${upper.toFixed(2)}); promoted once it is as good (≤ ${lower.toFixed(2)}) after at least ${rule.minCustomers} customers and ${rule.minMinutes} minutes.`,
  );
  for (;;) {
    const doc = readLive(app, args.options.storeDir);
    if (doc.canary?.id !== canary.id) {
      console.log(`${app}: ${canary.id} is no longer the canary (ended by another command); the watch stops.`);
      return 0;
    }
    const health = readHealth(app, canary.at);
    const minutes = (Date.now() - Date.parse(canary.at)) / 60_000;
    const decided =
      typeof health === 'string'
        ? { action: 'wait' as const, reason: `no health figures: ${health}` }
        : verdict(health.get(canary.id), doc.live ? health.get(doc.live) : undefined, minutes, rule);
    if (decided.action === 'wait') console.log(`${app}: canary ${canary.id}: waiting, ${decided.reason}.`);
    else {
      endCanary(app, canary.id, decided.action, decided.reason, args.options);
      writeSite(args.options.dryRun);
      console.log(
        decided.action === 'promote'
          ? `${prefix(args.options.dryRun)}${app}: promoted canary ${canary.id} to everyone: ${decided.reason}.`
          : `${prefix(args.options.dryRun)}${app}: rolled back canary ${canary.id}; ${doc.live} stays live for everyone: ${decided.reason}.`,
      );
      return decided.action === 'promote' ? 0 : 2;
    }
    if ((Date.now() - started) / 1000 > args.timeout) {
      console.log(`${app}: no decision within ${args.timeout} s; canary ${canary.id} keeps running (\`npm run promote -w ${APPS[app]} -- --watch\` watches it again).`);
      return 1;
    }
    await sleep(args.interval);
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parse(argv);
  const { options } = args;
  const app = () => toAppName(args.app ?? process.cwd());
  switch (args.command) {
    case 'release':
      check([app()], options);
      release(app(), args);
      return 0;
    case 'promote': {
      check([app(), 'shell'], options);
      if (args.canary !== undefined) {
        const started = startCanary(app(), args.id, args.canary, options);
        writeSite(options.dryRun);
        console.log(
          `${prefix(options.dryRun)}${started.app}: ${started.id} goes to ${started.percent} % of browsers at their next page load (each browser keeps its share); ${started.live} stays live for the others.`,
        );
        if (!args.watch || options.dryRun) return 0;
      }
      if (args.watch) return watch(app(), args);
      const promoted = promote(app(), args.id, options);
      if (promoted.changed) writeSite(options.dryRun);
      reportSwitch(promoted, 'promoted', options.dryRun);
      return 0;
    }
    case 'rollback': {
      check([app(), 'shell'], options);
      const rolledBack = rollback(app(), options);
      if (rolledBack.changed) writeSite(options.dryRun);
      reportSwitch(rolledBack, 'rolled back to', options.dryRun);
      return 0;
    }
    case 'releases':
      check([app()], options);
      list(app(), options.storeDir ?? defaultStoreDir());
      return 0;
    case 'sync': {
      if (args.buildAll && !options.dryRun) {
        console.log('Building the shell and every area (production)…');
        run(['run', 'build'], 'The build of the portal failed: nothing was released.');
      }
      const from = args.from;
      const { promoted, refused } = releaseBuilds({ ...options, ...(from ? { distOf: (name: AppName) => path.join(from, APPS[name], 'dist') } : {}) });
      if (promoted.length > 0) writeSite(options.dryRun);
      // Each refused app stays on its live release: say why, and fail so a script notices.
      for (const message of refused) console.error(message);
      if (refused.length > 0) console.error(`sync: ${refused.length} release(s) refused; the apps above stay on their live release.`);
      return refused.length > 0 ? 1 : 0;
    }
    default:
      console.log('Usage (in an app folder, or --app NAME): release [--no-build] | promote [id] [--canary N] [--watch [--min-customers N] [--min-minutes M] [--interval S] [--timeout S]] | rollback | releases; sync [--build] [--from DIR] (every built app, promoted together; --build builds the whole portal first). Each takes --dry-run; release takes --keep N.');
      return args.command === 'help' ? 0 : 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (!(error instanceof ReleaseError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  },
);

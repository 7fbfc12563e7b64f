// `npm run test:changesets` (a stage of `npm test`): a change to a shared package since its last `npx changeset version`
// fails without a changeset that bumps that package, and each shared package's version heads its change log.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The packages every area runs from the shell's copy: their versions are what the release contract negotiates. */
export const SHARED_PACKAGES = ['shared-api', 'shared-ui'] as const;

/** Files that change nothing an app imports: documentation and the package's own tests. */
const NOT_SHIPPED = [/\.md$/, /\.test\.[cm]?[jt]sx?$/, /(^|\/)(test|__tests__)\//, /(^|\/)jest\.config\.[cm]?js$/];

export interface GateOptions {
  /** The changesets CLI (`@changesets/cli/bin.js`). */
  changesetBin?: string;
}

export interface GateResult {
  /** The last commit that changed a shared package's version (the last `npx changeset version`). */
  base: string;
  /** Each shared package changed since `base`, with its changed files. */
  changed: Record<string, string[]>;
  problems: string[];
}

function git(root: string, args: string[]): string {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${run.stderr.trim()}`);
  return run.stdout;
}

const lines = (text: string) => text.split('\n').filter(Boolean);

/** The last commit that changed the version of a shared package. */
export function lastVersionCommit(root: string): string {
  const manifests = SHARED_PACKAGES.map((pkg) => `${pkg}/package.json`);
  const base = git(root, ['log', '-1', '--format=%H', '-G', '"version":', '--', ...manifests]).trim();
  if (!base) throw new Error(`no commit changes the version of ${SHARED_PACKAGES.join(' or ')} (a shallow clone?)`);
  return base;
}

/** Shipped files of each shared package changed since `base`: committed, staged, unstaged or new. */
export function changedSharedPackages(root: string, base: string): Record<string, string[]> {
  const files = new Set([
    ...lines(git(root, ['diff', '--name-only', base, '--', ...SHARED_PACKAGES])),
    ...lines(git(root, ['ls-files', '--others', '--exclude-standard', '--', ...SHARED_PACKAGES])),
  ]);
  const changed: Record<string, string[]> = {};
  for (const pkg of SHARED_PACKAGES) {
    const shipped = [...files].filter(
      (file) => file.startsWith(`${pkg}/`) && !NOT_SHIPPED.some((pattern) => pattern.test(file.slice(pkg.length + 1))),
    );
    if (shipped.length > 0) changed[pkg] = shipped.sort();
  }
  return changed;
}

interface ReleasePlan {
  changesets: { id: string; releases: { name: string; type: string }[] }[];
}

/** The pending changesets as `npx changeset status` reads them (none: no call, since it then exits 1 on any change). */
function pendingChangesets(root: string, base: string, changesetBin: string): ReleasePlan['changesets'] {
  const dir = path.join(root, '.changeset');
  const pending = fs.existsSync(dir) && fs.readdirSync(dir).some((name) => name.endsWith('.md') && name !== 'README.md');
  if (!pending) return [];
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'changeset-status-')), 'plan.json');
  try {
    const run = spawnSync(process.execPath, [changesetBin, 'status', `--since=${base}`, `--output=${out}`], {
      cwd: root,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`npx changeset status failed:\n${run.stdout}${run.stderr}`);
    return (JSON.parse(fs.readFileSync(out, 'utf8')) as ReleasePlan).changesets;
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

/** What is wrong with the shared packages' versions at `root` (a git work tree), or nothing. */
export function checkChangesets(root: string, options: GateOptions = {}): GateResult {
  const changesetBin = options.changesetBin ?? require.resolve('@changesets/cli/bin.js');
  const problems: string[] = [];
  for (const pkg of SHARED_PACKAGES) {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, pkg, 'package.json'), 'utf8')) as { version: string };
    const changelog = path.join(root, pkg, 'CHANGELOG.md');
    const headings = fs.existsSync(changelog) ? [...fs.readFileSync(changelog, 'utf8').matchAll(/^## (\S+)/gm)] : [];
    if (headings[0]?.[1] !== version) {
      problems.push(
        `${pkg} is ${version} in package.json but its CHANGELOG.md starts at ${headings[0]?.[1] ?? 'no version'}: versions are set by \`npx changeset version\` only`,
      );
    }
  }
  const base = lastVersionCommit(root);
  const changed = changedSharedPackages(root, base);
  const changesets = pendingChangesets(root, base, changesetBin);
  for (const [pkg, files] of Object.entries(changed)) {
    const bumped = changesets.some((changeset) => changeset.releases.some((r) => r.name === pkg && r.type !== 'none'));
    if (!bumped) {
      problems.push(
        `${pkg} changed since its last version (${base.slice(0, 7)}) with no changeset that bumps it: run \`npx changeset\`, pick ${pkg} and the bump (.changeset/README.md). Changed: ${files.join(', ')}`,
      );
    }
  }
  return { base, changed, problems };
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..', '..');
  const { base, changed, problems } = checkChangesets(root);
  const names = Object.keys(changed);
  console.log(`shared packages changed since ${base.slice(0, 7)}: ${names.length > 0 ? names.join(', ') : 'none'}`);
  for (const problem of problems) console.error(problem);
  process.exit(problems.length > 0 ? 1 : 0);
}

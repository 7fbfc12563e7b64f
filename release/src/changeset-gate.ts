// `npm run test:changesets` (a stage of `npm test`): each change to a shared package since its last `npx changeset
// version` needs a changeset naming that package added with it or after it, and each version heads its change log.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The packages every area runs from the shell's copy: their versions are what the release contract negotiates. */
export const SHARED_PACKAGES = ['shared-api', 'shared-ui'] as const;

/** Files that change nothing an app imports: documentation and the package's own tests. */
const NOT_SHIPPED = [/\.md$/, /\.test\.[cm]?[jt]sx?$/, /(^|\/)(test|__tests__)\//, /(^|\/)jest\.config\.[cm]?js$/];

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

const isShipped = (pkg: string, file: string) =>
  file.startsWith(`${pkg}/`) && !NOT_SHIPPED.some((pattern) => pattern.test(file.slice(pkg.length + 1)));

/** Not committed yet: a change (or a changeset) in the work tree, staged or not, or a new file. */
export const WORK_TREE = 'work tree';

/** Shipped files of each shared package changed since `base`: committed, staged, unstaged or new. */
export function changedSharedPackages(root: string, base: string): Record<string, string[]> {
  const files = new Set([
    ...lines(git(root, ['diff', '--name-only', base, '--', ...SHARED_PACKAGES])),
    ...lines(git(root, ['ls-files', '--others', '--exclude-standard', '--', ...SHARED_PACKAGES])),
  ]);
  const changed: Record<string, string[]> = {};
  for (const pkg of SHARED_PACKAGES) {
    const shipped = [...files].filter((file) => isShipped(pkg, file));
    if (shipped.length > 0) changed[pkg] = shipped.sort();
  }
  return changed;
}

/**
 * Where `pkg`'s shipped files changed since `base`: each commit (merges left out: a merge brings changes made in
 * commits of their own), then `WORK_TREE` if they are changed and not committed.
 */
function changesOf(root: string, base: string, pkg: string): string[] {
  const commits: string[] = [];
  let commit: string | undefined;
  for (const line of lines(git(root, ['log', '--no-merges', '--format=commit %H', '--name-only', `${base}..HEAD`, '--', pkg]))) {
    if (line.startsWith('commit ')) commit = line.slice('commit '.length);
    else if (commit && isShipped(pkg, line) && commits.at(-1) !== commit) commits.push(commit);
  }
  const uncommitted = [
    ...lines(git(root, ['diff', '--name-only', 'HEAD', '--', pkg])),
    ...lines(git(root, ['ls-files', '--others', '--exclude-standard', '--', pkg])),
  ].some((file) => isShipped(pkg, file));
  return uncommitted ? [...commits, WORK_TREE] : commits;
}

interface Changeset {
  file: string;
  /** The packages it bumps (by name). */
  packages: string[];
  /** The commit that added it, or `WORK_TREE`. */
  added: string;
}

/** The pending changesets: the packages each names in its front matter, and the commit that added it. */
export function pendingChangesets(root: string): Changeset[] {
  const dir = path.join(root, '.changeset');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .map((name) => {
      const file = `.changeset/${name}`;
      const front = /^---\n([\s\S]*?)\n---/.exec(fs.readFileSync(path.join(root, file), 'utf8'))?.[1] ?? '';
      const packages = [...front.matchAll(/^\s*["']?([^"':\s]+)["']?\s*:\s*(major|minor|patch)\s*$/gm)].map((m) => m[1]!);
      const added = git(root, ['log', '-1', '--diff-filter=A', '--format=%H', '--', file]).trim() || WORK_TREE;
      return { file, packages, added };
    });
}

/** Whether a changeset added at `added` came after the change at `change` (the same commit or one after it). */
function addedAfter(root: string, change: string, added: string): boolean {
  if (added === WORK_TREE) return true;
  if (change === WORK_TREE) return false;
  return spawnSync('git', ['merge-base', '--is-ancestor', change, added], { cwd: root }).status === 0;
}

/** What is wrong with the shared packages' versions at `root` (a git work tree), or nothing. */
export function checkChangesets(root: string): GateResult {
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
  const changesets = pendingChangesets(root);
  for (const [pkg, files] of Object.entries(changed)) {
    const own = changesets.filter((changeset) => changeset.packages.includes(pkg));
    const uncovered = changesOf(root, base, pkg).filter((change) => !own.some((c) => addedAfter(root, change, c.added)));
    if (uncovered.length === 0) continue;
    const where = uncovered.map((change) => (change === WORK_TREE ? change : change.slice(0, 7))).join(', ');
    problems.push(
      `${pkg} changed since its last version (${base.slice(0, 7)}) with no changeset of its own added after the change (${where}): run \`npx changeset\`, pick ${pkg} and the bump (.changeset/README.md); an older pending changeset does not announce a later change. Changed: ${files.join(', ')}`,
    );
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

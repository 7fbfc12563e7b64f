import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkChangesets } from '../src/changeset-gate';

const root = path.resolve(__dirname, '..', '..');

let repo: string;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), text);
}
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
function commit(message: string) {
  git('add', '-A');
  git('-c', 'user.name=test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', message);
}

/** A workspace as the repository lays it out, its last commit being a `changeset version`. */
beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'changeset-gate-'));
  git('init', '-q', '-b', 'main');
  write('package.json', json({ name: 'portal', private: true, workspaces: ['shared-api', 'shared-ui', 'mfe-kits'] }));
  write('package-lock.json', json({ name: 'portal', lockfileVersion: 3, packages: {} }));
  write('.changeset/config.json', fs.readFileSync(path.join(root, '.changeset', 'config.json'), 'utf8'));
  write('.changeset/README.md', '# Changesets\n');
  write('shared-api/package.json', json({ name: 'shared-api', version: '2.1.0', private: true }));
  write('shared-api/CHANGELOG.md', '# shared-api\n\n## 2.1.0\n\n- a change\n');
  write('shared-api/src/index.ts', 'export const a = 1;\n');
  write('shared-ui/package.json', json({ name: 'shared-ui', version: '1.1.0', private: true, peerDependencies: { 'shared-api': '^2.1.0' } }));
  write('shared-ui/CHANGELOG.md', '# shared-ui\n\n## 1.1.0\n\n- a change\n');
  write('shared-ui/src/index.ts', 'export const b = 1;\n');
  write('mfe-kits/package.json', json({ name: 'mfe-kits', version: '1.0.1', private: true, dependencies: { 'shared-api': '2.1.0' } }));
  write('mfe-kits/src/index.ts', 'export const c = 1;\n');
  commit('version packages');
});
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

const addChangeset = (name: string, bumps: Record<string, string>) =>
  write(`.changeset/${name}.md`, `---\n${Object.entries(bumps).map(([pkg, type]) => `'${pkg}': ${type}`).join('\n')}\n---\n\nA change.\n`);

test('passes right after `changeset version`, and when only an area, docs or tests changed', () => {
  expect(checkChangesets(repo).problems).toEqual([]);
  write('mfe-kits/src/index.ts', 'export const c = 2;\n');
  write('shared-api/README.md', '# shared-api\n');
  write('shared-api/src/index.test.ts', 'test("a", () => {});\n');
  commit('area, docs and tests');
  expect(checkChangesets(repo)).toMatchObject({ changed: {}, problems: [] });
});

test('fails when a shared package changed without a changeset, naming the package, its files and the fix', () => {
  write('shared-api/src/index.ts', 'export const a = 2;\nexport const more = 1;\n');
  commit('new export, no changeset');
  const { problems } = checkChangesets(repo);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^shared-api changed since its last version .* no changeset of its own added after the change \([0-9a-f]{7}\): run `npx changeset`.*shared-api\/src\/index\.ts$/);
});

test('counts uncommitted and new files too', () => {
  write('shared-ui/src/new-part.ts', 'export const d = 1;\n');
  expect(checkChangesets(repo).problems).toEqual([expect.stringMatching(/^shared-ui changed .*\(work tree\).*shared-ui\/src\/new-part\.ts$/)]);
  addChangeset('new-part', { 'shared-ui': 'minor' });
  expect(checkChangesets(repo).problems).toEqual([]);
});

test('an older pending changeset does not announce a later change, even one that bumps the package', () => {
  write('shared-api/src/index.ts', 'export const a = 2;\n');
  addChangeset('first', { 'shared-api': 'major' });
  commit('a major with its changeset');
  write('shared-api/src/index.ts', 'export const a = 2;\nexport const later = 1;\n');
  commit('a later change, no changeset');
  expect(checkChangesets(repo).problems).toEqual([expect.stringMatching(/^shared-api changed .*no changeset of its own added after the change \([0-9a-f]{7}\)/)]);

  // Nor does a dependent's bump: a shared-api major moves shared-ui, but a change to shared-ui needs its own.
  addChangeset('later', { 'shared-api': 'minor' });
  commit('its changeset');
  expect(checkChangesets(repo).problems).toEqual([]);
  write('shared-ui/src/index.ts', 'export const b = 2;\n');
  expect(checkChangesets(repo).problems).toEqual([expect.stringMatching(/^shared-ui changed .*\(work tree\)/)]);
});

test('a change merged from a branch is covered by the changeset added on that branch', () => {
  git('checkout', '-q', '-b', 'lane');
  write('shared-api/src/index.ts', 'export const a = 2;\n');
  commit('branch change');
  addChangeset('branch', { 'shared-api': 'minor' });
  commit('branch changeset');
  git('checkout', '-q', 'main');
  write('mfe-kits/src/index.ts', 'export const c = 2;\n');
  commit('main moves');
  git('-c', 'user.name=test', '-c', 'user.email=test@example.com', 'merge', '-q', '--no-edit', 'lane');
  expect(checkChangesets(repo).problems).toEqual([]);
});

test("passes with a changeset that bumps the package, and still fails for another changed package the changeset leaves out", () => {
  write('shared-api/src/index.ts', 'export const a = 2;\n');
  addChangeset('new-export', { 'shared-api': 'minor' });
  commit('new export with its changeset');
  expect(checkChangesets(repo).problems).toEqual([]);

  write('shared-ui/src/index.ts', 'export const b = 2;\n');
  commit('shared-ui too');
  expect(checkChangesets(repo).problems).toEqual([expect.stringMatching(/^shared-ui changed /)]);
});

test('fails when a version was set by hand: package.json and the change log disagree', () => {
  write('shared-api/package.json', json({ name: 'shared-api', version: '3.0.0', private: true }));
  commit('bump by hand');
  expect(checkChangesets(repo).problems).toEqual([
    'shared-api is 3.0.0 in package.json but its CHANGELOG.md starts at 2.1.0: versions are set by `npx changeset version` only',
  ]);
});

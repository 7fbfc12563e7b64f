import fs from 'node:fs';
import path from 'node:path';
import { remoteBudget, shellBudget } from './area-budgets';
import {
  distOf,
  exposedFiles,
  homeFirstLoad,
  loginFirstLoad,
  remoteEntryFile,
  remotes,
  shellCustomer,
  shellStartup,
  type LoadedFile,
  type Remote,
} from './first-load';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const total = (files: LoadedFile[]) => files.reduce((sum, f) => sum + f.gzip, 0);

/** Passes when the files fit the budget; otherwise fails naming the owner's file and listing every file by size. */
function expectWithin(what: string, files: LoadedFile[], budget: number, owner: string) {
  const size = total(files);
  // The figure itself, for the README and for comparing builds.
  process.stdout.write(`${what}: ${kB(size)} gzip (${size} bytes), budget ${kB(budget)} (${owner}/budget.json)\n`);
  if (size > budget) {
    const list = [...files]
      .sort((a, b) => b.gzip - a.gzip)
      .map((f) => `  ${kB(f.gzip).padStart(9)}  ${f.file}`)
      .join('\n');
    throw new Error(`${what} is ${kB(size)} gzip, over its budget of ${kB(budget)} in ${owner}/budget.json:\n${list}`);
  }
  expect(size).toBeLessThanOrEqual(budget);
}

describe("each app's size budgets on the production build (gzip)", () => {
  it("the shell's part of every page stays under the shell's budget", () => {
    expectWithin("the shell's start-up", shellStartup(), shellBudget().startup, 'shell');
  });

  it("what the shell adds on a customer's page stays under the shell's budget", () => {
    expectWithin("the shell's customer part", shellCustomer(), shellBudget().customer, 'shell');
  });

  it.each(Object.keys(remotes) as Remote[])('the %s remote entry stays under its own budget', (remote) => {
    expectWithin(`${remotes[remote]}/dist/remoteEntry.js`, remoteEntryFile(remote), remoteBudget(remote).remoteEntry, remotes[remote]);
  });

  it.each(Object.keys(remotes) as Remote[])('every module the %s remote exposes has a budget and stays under it', (remote) => {
    const { exposes } = remoteBudget(remote);
    const listed = Object.keys(exposes);
    const built = Object.keys(
      (JSON.parse(fs.readFileSync(path.join(distOf(remotes[remote]), 'expose-chunks.json'), 'utf8')) as { exposes: object }).exposes,
    );
    expect(listed.sort()).toEqual(built.sort());
    for (const expose of listed) {
      expectWithin(`${remotes[remote]} ${expose}`, exposedFiles(remote, expose.replace(/^\.\//, '')), exposes[expose]!, remotes[remote]);
    }
  });

  it.each([
    ['/login', loginFirstLoad, () => shellBudget().startup + remoteBudget('auth').remoteEntry + remoteBudget('auth').exposes['./login']!],
    [
      '/home',
      homeFirstLoad,
      () => shellBudget().startup + shellBudget().customer + remoteBudget('kits').remoteEntry + remoteBudget('kits').exposes['./home']!,
    ],
  ] as const)("a cold %s is held by the budgets of the apps it loads", (page, load, sumOfBudgets) => {
    const files = load();
    expect(new Set(files.map((f) => f.file)).size).toBe(files.length);
    // The page's figure (root README, "Performance"), against the sum of its apps' budgets.
    process.stdout.write(`cold ${page}: ${kB(total(files))} gzip (${total(files)} bytes), apps' budgets ${kB(sumOfBudgets())}\n`);
    expect(total(files)).toBeLessThanOrEqual(sumOfBudgets());
  });

  it("counts the shell's entry, the auth remote entry and the login module in the /login first load", () => {
    const files = loginFirstLoad().map((f) => f.file);
    expect(files).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^shell[\\/]dist[\\/]main\.[0-9a-f]{8}\.js$/),
        path.join('mfe-auth', 'dist', 'remoteEntry.js'),
      ]),
    );
    expect(
      files.some(
        (f) => f.startsWith(path.join('mfe-auth', 'dist')) && f !== path.join('mfe-auth', 'dist', 'remoteEntry.js'),
      ),
    ).toBe(true);
  });
});

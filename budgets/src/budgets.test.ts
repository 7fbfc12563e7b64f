import path from 'node:path';
import { budgets } from './budgets';
import { distOf, gzipBytes, homeFirstLoad, loginFirstLoad, remotes, type Remote } from './first-load';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

describe('size budgets of the production build (gzip)', () => {
  it.each(Object.keys(remotes) as Remote[])('the %s remote entry stays under its budget', (remote) => {
    const size = gzipBytes(path.join(distOf(remotes[remote]), 'remoteEntry.js'));
    const budget = budgets.remoteEntry[remote];
    if (size > budget) {
      throw new Error(`${remotes[remote]}/dist/remoteEntry.js is ${kB(size)} gzip, over its budget of ${kB(budget)}`);
    }
    expect(size).toBeLessThanOrEqual(budget);
  });

  it.each([
    ['/login', loginFirstLoad, budgets.loginFirstLoad],
    ['/home', homeFirstLoad, budgets.homeFirstLoad],
  ] as const)('a cold %s downloads no more JavaScript than its budget', (page, load, budget) => {
    const files = load();
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    // The figure itself, for the README and for comparing builds (the benchmark's floor: bench/README.md).
    process.stdout.write(`cold ${page}: ${kB(total)} gzip (${total} bytes), budget ${kB(budget)}\n`);
    if (total > budget) {
      const list = [...files]
        .sort((a, b) => b.gzip - a.gzip)
        .map((f) => `  ${kB(f.gzip).padStart(9)}  ${f.file}`)
        .join('\n');
      throw new Error(`the ${page} first load is ${kB(total)} gzip, over its budget of ${kB(budget)}:\n${list}`);
    }
    expect(total).toBeLessThanOrEqual(budget);
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

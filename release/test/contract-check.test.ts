import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
// webpack-config is CommonJS without types: the plugin is all this test needs of it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ContractCheckPlugin } = require('webpack-config') as { ContractCheckPlugin: new (options: object) => webpack.WebpackPluginInstance };

const root = path.resolve(__dirname, '..', '..');
const authVersions = (): Record<string, string> => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { sharedVersions } = require('webpack-config/contract') as { sharedVersions: (dir: string) => Record<string, string> };
  return sharedVersions(path.join(root, 'mfe-auth'));
};

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-check-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The contract check of mfe-auth's build, on a one-line entry: its errors, and what it wrote. */
function build(): Promise<{ errors: string[]; contract: { shared: Record<string, string>; requires: Record<string, string> } }> {
  fs.writeFileSync(path.join(tmp, 'entry.js'), 'export const x = 1;\n');
  const compiler = webpack({
    mode: 'production',
    context: tmp,
    entry: './entry.js',
    output: { path: path.join(tmp, 'out') },
    plugins: [new ContractCheckPlugin({ name: 'auth', dirname: path.join(root, 'mfe-auth'), isHost: false })],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || !stats) return reject(error);
      const contract = fs.existsSync(path.join(tmp, 'out', 'release-contract.json'))
        ? JSON.parse(fs.readFileSync(path.join(tmp, 'out', 'release-contract.json'), 'utf8'))
        : null;
      compiler.close(() => resolve({ errors: stats.compilation.errors.map((e) => e.message), contract }));
    }),
  );
}

test('a remote build writes the versions it is built with, from its own folder, and the ranges it needs', async () => {
  const { errors, contract } = await build();
  expect(errors).toEqual([]);
  expect(contract.shared).toEqual(authVersions());
  expect(contract.requires.zustand).toBe(`^${authVersions().zustand}`);
});

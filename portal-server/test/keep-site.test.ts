// The site the servers serve follows the release store: a promotion shows in it by itself, a store that cannot say
// what is live leaves it as it was.
import fs from 'node:fs';
import path from 'node:path';
import { keepSiteCurrent } from '../src/lib/keep-site';
import { builtApp, distFolder, removeFolders, testConfig } from './support/fixtures';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  removeFolders();
});

async function until(ok: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('writes the site at once, again after a promotion, and keeps the last one while the store cannot be read', async () => {
  const dir = path.join(distFolder({}), 'site');
  const entry = () => fs.readFileSync(path.join(dir, 'kits', 'files', 'remoteEntry.js'), 'utf8');
  let live = [builtApp('one')];
  let damaged = false;
  const logged: string[] = [];
  const written: string[] = [];
  ({ stop } = await keepSiteCurrent({
    dir,
    config: testConfig,
    intervalMs: 20,
    rootsFor: (app) => (app === 'kits' ? live : []),
    liveState: () => {
      if (damaged) throw new Error('kits: live.json is damaged');
      return JSON.stringify(live);
    },
    onWritten: () => void written.push(entry()),
    log: (message) => logged.push(message),
  }));
  expect(entry()).toBe('/* entry one */');

  live = [builtApp('two'), ...live];
  await until(() => written.length === 2);
  expect(entry()).toBe('/* entry two */');

  damaged = true;
  live = [builtApp('three'), ...live];
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect([entry(), written.length, logged]).toEqual(['/* entry two */', 2, []]);

  damaged = false;
  await until(() => written.length === 3);
  expect(written).toEqual(['/* entry one */', '/* entry two */', '/* entry three */']);
});

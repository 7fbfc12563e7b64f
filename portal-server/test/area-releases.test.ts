import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addRelease, endCanary, promote, startCanary } from 'release';
import { areaReleases } from '../src/lib/area-releases';

let tmp = '';
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'area-releases-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A remote's build output as the release store takes it, whose versioned entry is `remoteEntry.<hash>.js`. */
function build(hash: string): string {
  const dir = path.join(tmp, `dist-${hash}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<html></html>');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), hash);
  fs.writeFileSync(path.join(dir, `remoteEntry.${hash}.js`), hash);
  fs.writeFileSync(path.join(dir, 'expose-chunks.json'), JSON.stringify({ entry: `remoteEntry.${hash}.js`, exposes: {} }));
  fs.writeFileSync(path.join(dir, 'release-contract.json'), JSON.stringify({ app: 'kits', shared: { react: '19.2.0' }, requires: { react: '^19.2.0' } }));
  return dir;
}

describe("the page's releases", () => {
  it('name each remote\'s live release and its running canary by id and versioned entry, and drop the canary once it ends', () => {
    const storeDir = path.join(tmp, 'store');
    const remotes = { kits: 'http://kits.example.ng/mf-manifest.json', billing: 'http://billing.example.ng/mf-manifest.json' };
    const live = addRelease('kits', build('aaaa1111'), { storeDir }).manifest.id;
    promote('kits', live, { storeDir });
    const canary = addRelease('kits', build('cccc2222'), { storeDir }).manifest.id;
    startCanary('kits', canary, 10, { storeDir });

    expect(areaReleases(remotes, storeDir)).toEqual({
      kits: {
        live: { id: live, entry: 'http://kits.example.ng/remoteEntry.aaaa1111.js' },
        canary: { id: canary, entry: 'http://kits.example.ng/remoteEntry.cccc2222.js', percent: 10 },
      },
    });

    endCanary('kits', canary, 'rollback', 'errors', { storeDir });
    expect(areaReleases(remotes, storeDir)).toEqual({ kits: { live: { id: live, entry: 'http://kits.example.ng/remoteEntry.aaaa1111.js' } } });
  });

  it('is empty for a store that cannot be read: the page goes without, it does not fail', () => {
    const storeDir = path.join(tmp, 'store');
    fs.mkdirSync(path.join(storeDir, 'kits'), { recursive: true });
    fs.writeFileSync(path.join(storeDir, 'kits', 'live.json'), '{"li');
    expect(areaReleases({ kits: 'http://kits.example.ng/mf-manifest.json' }, storeDir)).toEqual({});
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exposeChunkDirectory } from '../src/lib/expose-chunks';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A remote answering its listing with `handler`. */
async function remote(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

function json(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

it('no page code is preloaded from a remote that is down or lists bad file names', async () => {
  const up = await remote((_req, res) =>
    json(res, { exposes: { './home': ['684.9a46c5bb.js', '../secret.js', '"><script>x</script>.js'] } }),
  );
  // A generous read timeout: this is about what a listing names, not how fast a busy test machine answers.
  const directory = exposeChunkDirectory(
    { remotes: { kits: `${up.url}/remoteEntry.js`, billing: 'http://127.0.0.1:9/remoteEntry.js' } },
    { timeoutMs: 5_000 },
  );
  try {
    expect(await directory.scripts('kits', './home')).toEqual([`${up.url}/684.9a46c5bb.js`]);
    expect(await directory.scripts('kits', './dashboard')).toEqual([]);
    expect(await directory.scripts('billing', './billing')).toEqual([]);
    expect(await directory.scripts('profile', './profile')).toEqual([]);
  } finally {
    await up.close();
  }
});

it("a page's HTML is not held up by another area's slow listing: that area gets its configured entry", async () => {
  let reads = 0;
  // Answers the first read, then hangs like a remote under load.
  const up = await remote((_req, res) => {
    reads += 1;
    if (reads === 1) json(res, { entry: 'remoteEntry.0a1b2c3d.js', exposes: {} });
  });
  const directory = exposeChunkDirectory({ remotes: { billing: `${up.url}/remoteEntry.js` } }, { timeoutMs: 5_000 });
  const slow = () => later(2_000).then(() => 'still waiting');
  try {
    expect(await directory.versionedEntry('billing')).toBe(`${up.url}/remoteEntry.0a1b2c3d.js`);
    // Another route's page waits briefly for its own read, then names no versioned entry (the configured one is the
    // live build): the build it read a moment ago may have been replaced since.
    expect(await Promise.race([directory.versionedEntry('billing', { brief: true }), slow()])).toBeNull();
    expect(reads).toBe(2);
    // The billing route's own page waits for a read (here, until it times out).
    expect(await Promise.race([directory.versionedEntry('billing'), slow()])).toBe('still waiting');
  } finally {
    await up.close();
  }
});

it('a listing read that fails names no versioned entry on any page, and the remote is asked again soon', async () => {
  let reads = 0;
  // Answers, then fails once (a remote busy or restarting), then answers with a newer build.
  const up = await remote((req, res) => {
    // This build has no prerendered pages (warm asks for them too); only the listing's reads count.
    if (req.url === '/prerender.json') return void res.writeHead(404).end();
    reads += 1;
    if (reads === 2) {
      res.writeHead(503);
      res.end();
      return;
    }
    json(res, { entry: reads === 1 ? 'remoteEntry.0a1b2c3d.js' : 'remoteEntry.4e5f6a7b.js', exposes: {} });
  });
  const directory = exposeChunkDirectory(
    { remotes: { billing: `${up.url}/remoteEntry.js` } },
    { retryMs: 200, timeoutMs: 5_000, briefMs: 5_000 },
  );
  try {
    await directory.warm();
    expect(reads).toBe(1);
    // The read fails: neither the route's own page nor another names the build read before.
    expect(await directory.versionedEntry('billing')).toBeNull();
    expect(reads).toBe(2);
    expect(await directory.versionedEntry('billing', { brief: true })).toBeNull();
    // A failing remote is not asked by every page (a busy one is left alone for retryMs)…
    expect(reads).toBe(2);
    // …and is asked again after it.
    await later(250);
    expect(await directory.versionedEntry('billing', { brief: true })).toBe(`${up.url}/remoteEntry.4e5f6a7b.js`);
    expect(reads).toBe(3);
  } finally {
    await up.close();
  }
});

it('a tab opened after a release names the live build of every area, right after it and after a quiet period', async () => {
  let live = 'remoteEntry.0a1b2c3d.js';
  let reads = 0;
  const up = await remote((_req, res) => {
    reads += 1;
    json(res, { entry: live, exposes: { './home': [] } });
  });
  const directory = exposeChunkDirectory({ remotes: { kits: `${up.url}/remoteEntry.js` } }, { timeoutMs: 5_000, briefMs: 5_000 });
  try {
    // Another route's page (a guest screen) reads the kits listing.
    expect(await directory.versionedEntry('kits', { brief: true })).toBe(`${up.url}/${live}`);
    live = 'remoteEntry.4e5f6a7b.js';
    // The next page, a moment later, names the promoted build: its own route's page and another route's alike.
    expect(await directory.versionedEntry('kits', { brief: true })).toBe(`${up.url}/remoteEntry.4e5f6a7b.js`);
    expect(await directory.versionedEntry('kits')).toBe(`${up.url}/remoteEntry.4e5f6a7b.js`);
    // The page's preloads come from that same read.
    await directory.scripts('kits', './home');
    expect(reads).toBe(3);
    // A quiet period, then a release: the first page after it names that release.
    await later(1_200);
    live = 'remoteEntry.8c9d0e1f.js';
    expect(await directory.versionedEntry('kits', { brief: true })).toBe(`${up.url}/remoteEntry.8c9d0e1f.js`);
  } finally {
    await up.close();
  }
});

it("gives a remote's prerendered pages only with the build its listing names, read once per build", async () => {
  let build = 'remoteEntry.0a1b2c3d.js';
  let pageEntry = build;
  let prerenderReads = 0;
  const page = { html: '<form></form>', css: '' };
  const up = await remote((req, res) => {
    if (req.url === '/prerender.json') {
      prerenderReads += 1;
      return json(res, { entry: pageEntry, slotId: '_R_1c_', pages: { './login': page } });
    }
    return json(res, { entry: build, exposes: {} });
  });
  const directory = exposeChunkDirectory({ remotes: { auth: `${up.url}/remoteEntry.js` } }, { freshMs: 0, timeoutMs: 5_000 });
  try {
    expect(await directory.prerender('auth')).toEqual({ entry: build, slotId: '_R_1c_', pages: { './login': page } });
    expect(await directory.prerender('auth')).not.toBeNull();
    expect(prerenderReads).toBe(1);
    // A release promoted between the listing's read and the pages' read: those pages are not used with this build.
    build = 'remoteEntry.4e5f6a7b.js';
    await later(5);
    expect(await directory.prerender('auth')).toBeNull();
    pageEntry = build;
    expect(await directory.prerender('auth')).toMatchObject({ entry: build });
  } finally {
    await up.close();
  }
});

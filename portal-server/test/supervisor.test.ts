import net from 'node:net';
import { startPortalServers, type PortalServers } from '../src/supervisor';
import type { AppName } from '../src/lib/config';
import { builtApp, freePorts, removeFolders, request, testConfig } from './support/fixtures';

// Each app's process starts tsx and Fastify: on a busy machine that takes seconds.
jest.setTimeout(90_000);

let portal: PortalServers | undefined;

afterEach(async () => {
  await portal?.close();
  portal = undefined;
  removeFolders();
});

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('each app runs in its own process: one that dies leaves the others serving and is started again', async () => {
  const dirs: Partial<Record<AppName, string>> = { shell: builtApp('shell'), kits: builtApp('kits') };
  const logged: string[] = [];
  const basePort = await freePorts(5);
  portal = await startPortalServers({
    basePort,
    config: testConfig,
    apiProxy: null,
    only: ['shell', 'kits'],
    rootsFor: (app) => [dirs[app]!],
    log: (message) => logged.push(message),
  });
  const { shell, kits } = portal.urls as Record<'shell' | 'kits', string>;
  const before = portal.pids();
  expect(before.shell).not.toBe(before.kits);
  expect((await request(`${kits}/remoteEntry.js`)).status).toBe(200);

  process.kill(before.kits!, 'SIGKILL');
  // The shell never stopped.
  expect(portal.pids().shell).toBe(before.shell);
  expect((await request(`${shell}/login`)).status).toBe(200);
  // The kits server is back, in a new process, and the stop was reported.
  expect(
    await until(
      () => request(`${kits}/remoteEntry.js`).then((r) => r.status),
      (s) => s === 200,
    ),
  ).toBe(200);
  expect(portal.pids().kits).not.toBe(before.kits);
  expect(logged).toEqual([expect.stringContaining('the kits server stopped (SIGKILL); starting it again')]);
});

it("each request asks for the app's roots, so a promoted release is served at the next page load", async () => {
  const first = builtApp('release one');
  const second = builtApp('release two');
  let live = [first];
  portal = await startPortalServers({
    basePort: await freePorts(5),
    config: testConfig,
    apiProxy: null,
    only: ['shell'],
    rootsFor: () => live,
    log: () => undefined,
  });
  expect((await request(`${portal.urls.shell}/login`)).body.toString()).toContain('<title>release one</title>');
  live = [second, first];
  expect((await request(`${portal.urls.shell}/login`)).body.toString()).toContain('<title>release two</title>');
});

it('refuses to start an app that is not built', async () => {
  const empty = builtApp();
  await expect(
    startPortalServers({
      basePort: await freePorts(5),
      config: testConfig,
      only: ['kits'],
      rootsFor: () => [`${empty}/nothing`],
    }),
  ).rejects.toThrow('mfe-kits is not built');
});

it('a missing chunk is a 404 and every server keeps answering', async () => {
  const dirs: Partial<Record<AppName, string>> = {};
  portal = await startPortalServers({
    basePort: await freePorts(5),
    config: testConfig,
    apiProxy: null,
    rootsFor: (app) => [(dirs[app] ??= builtApp(app))],
    log: () => undefined,
  });
  const { shell, ...remotes } = portal.urls as Record<AppName, string>;
  expect(Object.keys(remotes)).toHaveLength(4);
  expect((await request(`${remotes.kits}/__federation_expose_home.deadbeef.js`)).status).toBe(404);
  expect((await request(`${shell}/no-such-chunk.0123abcd.js`)).status).toBe(404);
  expect((await request(`${shell}/login`)).status).toBe(200);
  for (const origin of Object.values(remotes)) expect((await request(`${origin}/remoteEntry.js`)).status).toBe(200);
});

/** Listens on `port` as soon as it is free (the killed server's port), to make its restart fail. */
async function takePort(port: number, timeoutMs = 10_000): Promise<net.Server> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const server = net.createServer();
    const taken = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (taken) return server;
    if (Date.now() > deadline) throw new Error(`port ${port} stayed busy`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

it('a server whose restart fails while starting is started again until it listens', async () => {
  const kitsDir = builtApp('kits');
  const logged: string[] = [];
  const basePort = await freePorts(5);
  portal = await startPortalServers({
    basePort,
    listenHost: '127.0.0.1',
    host: '127.0.0.1',
    config: testConfig,
    apiProxy: null,
    only: ['kits'],
    rootsFor: () => [kitsDir],
    log: (message) => logged.push(message),
  });
  const kits = portal.urls.kits!;
  process.kill(portal.pids().kits!, 'SIGKILL');
  // Its port is taken while it restarts: that start fails.
  const blocker = await takePort(basePort + 2);
  try {
    await until(
      async () => logged.join('\n'),
      (text) => text.includes('the kits server could not start'),
    );
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
  // Started again once the port is free, without anyone restarting the supervisor.
  expect(await until(() => request(`${kits}/remoteEntry.js`).then((r) => r.status), (s) => s === 200)).toBe(200);
});

it('a release store that cannot say what is live keeps every server on the last good roots, said once, also across a restart', async () => {
  const good = builtApp('live release');
  let damaged = false;
  const logged: string[] = [];
  portal = await startPortalServers({
    basePort: await freePorts(5),
    config: testConfig,
    apiProxy: null,
    only: ['kits'],
    rootsFor: () => {
      if (damaged) throw new Error('kits: live.json is damaged (it is empty)');
      return [good];
    },
    log: (message) => logged.push(message),
  });
  const kits = portal.urls.kits!;
  damaged = true;
  for (let i = 0; i < 3; i += 1) expect((await request(`${kits}/remoteEntry.js`)).body.toString()).toBe('/* entry live release */');
  expect(logged).toEqual([
    `portal-server: the kits server's roots could not be read (kits: live.json is damaged (it is empty)); it keeps serving ${good}.`,
  ]);

  // The server stops and is started again meanwhile: still the last good release.
  const before = portal.pids().kits;
  process.kill(before!, 'SIGKILL');
  await until(
    async () => portal!.pids().kits,
    (pid) => pid !== before,
  );
  expect(
    await until(
      () => request(`${kits}/remoteEntry.js`).then((r) => r.body.toString()),
      (body) => body.length > 0,
    ),
  ).toBe('/* entry live release */');
});

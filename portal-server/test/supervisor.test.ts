import net from 'node:net';
import { startPortalServers, type PortalServers } from '../src/supervisor';
import type { AppName } from '../src/lib/config';
import { builtApp, freePorts, removeFolders, request, siteOf, testConfig } from './support/fixtures';

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
    siteDir: await siteOf({ shell: [dirs.shell!], kits: [dirs.kits!] }),
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

it('a new site written under the servers is served at the next page load', async () => {
  const siteDir = await siteOf({ shell: [builtApp('release one')] });
  portal = await startPortalServers({
    basePort: await freePorts(5),
    config: testConfig,
    apiProxy: null,
    only: ['shell'],
    siteDir,
    log: () => undefined,
  });
  expect((await request(`${portal.urls.shell}/login`)).body.toString()).toContain('<title>release one</title>');
  await siteOf({ shell: [builtApp('release two')] }, { dir: siteDir });
  expect((await request(`${portal.urls.shell}/login`)).body.toString()).toContain('<title>release two</title>');
});

it('refuses to start an app that has nothing live, saying how to release it', async () => {
  const siteDir = await siteOf({ shell: [builtApp()] });
  await expect(
    startPortalServers({ basePort: await freePorts(5), config: testConfig, only: ['kits'], siteDir }),
  ).rejects.toThrow(`mfe-kits has no pages in ${siteDir}: nothing of it is live`);
});

it('a missing chunk is a 404 and every server keeps answering', async () => {
  portal = await startPortalServers({
    basePort: await freePorts(5),
    config: testConfig,
    apiProxy: null,
    siteDir: await siteOf(Object.fromEntries(['shell', 'kits', 'billing', 'profile', 'auth'].map((app) => [app, [builtApp(app)]]))),
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
    siteDir: await siteOf({ kits: [kitsDir] }),
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


// `npm start` and `npm run serve`: one process serves every app's origin from the site it keeps written.
import net from 'node:net';
import { servePortal, type PortalServers } from '../src/lib/serve';
import { apps, type AppName } from '../src/lib/config';
import { builtApp, distFolder, freePorts, removeFolders, request, testConfig } from './support/fixtures';

let portal: PortalServers | undefined;
afterEach(async () => {
  await portal?.close();
  portal = undefined;
  removeFolders();
});

it('serves every origin from this one process; a missing chunk is a 404 and the others keep answering', async () => {
  const roots = Object.fromEntries(apps.map((a) => [a.name, [builtApp(a.name)]])) as Record<AppName, string[]>;
  portal = await servePortal({ basePort: await freePorts(5), config: testConfig, apiProxy: null, dir: distFolder({}), rootsFor: (app) => roots[app] });
  const { shell, ...remotes } = portal.urls as Record<AppName, string>;
  expect(Object.keys(remotes)).toHaveLength(apps.length - 1);
  expect((await request(`${remotes.kits}/__federation_expose_home.deadbeef.js`)).status).toBe(404);
  expect((await request(`${shell}/login`)).body.toString()).toContain('<title>shell</title>');
  for (const origin of Object.values(remotes)) expect((await request(`${origin}/remoteEntry.js`)).status).toBe(200);
});

it('a taken port stops the start with one sentence saying what to do', async () => {
  const basePort = await freePorts(5);
  const blocker = net.createServer().listen(basePort + 2, '::');
  await new Promise((resolve) => blocker.once('listening', resolve));
  const roots = Object.fromEntries(apps.map((a) => [a.name, [builtApp(a.name)]])) as Record<AppName, string[]>;
  try {
    await expect(servePortal({ basePort, config: testConfig, apiProxy: null, dir: distFolder({}), rootsFor: (app) => roots[app] })).rejects.toThrow(
      `Port ${basePort + 2} (kits) is taken, probably by a portal already running: stop it, or choose other ports with PORTAL_PORT.`,
    );
  } finally {
    blocker.close();
  }
});

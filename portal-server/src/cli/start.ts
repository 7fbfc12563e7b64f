// `npm start`: production build, each new build released and made live, then the reference API (embedded database, demo
// data: SEED_DEMO=1) and the live releases written as a site and served, each app on its own port. SKIP_BUILD=1 reuses
// the last build.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { placeholderWarning } from '../lib/config';
import { keepRunning, type KeptRunning } from '../lib/keep-running';
import { waitForApi } from '../lib/wait-for-api';
import { releaseNewBuilds } from '../lib/release-roots';
import { servePortal } from '../supervisor';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsxCli = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');

let api: KeptRunning | undefined;

async function main() {
  if (process.env.SKIP_BUILD !== '1') {
    console.log('Building the portal (production, a few minutes)…');
    // The build's own output only matters when it fails.
    // The shell is built with the remotes and goes live with them: releaseNewBuilds checks them against each other.
    const build = spawnSync(npm, ['run', 'build', '--silent'], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, PORTAL_CONTRACT_CHECK: 'off' },
    });
    if (build.status !== 0) {
      process.stdout.write(build.stdout ?? '');
      process.stderr.write(build.stderr ?? '');
      process.exit(build.status ?? 1);
    }
  }

  releaseNewBuilds();

  const basePort = Number(process.env.PORTAL_PORT ?? 3000);
  const apiPort = Number(process.env.PORT ?? 4000);
  // The browser calls the API through the shell's own server (no CORS preflights); PORTAL_API_SAME_ORIGIN=0 has it
  // call the API's port directly instead.
  process.env.PORTAL_API_SAME_ORIGIN ??= '1';
  const sameOrigin = process.env.PORTAL_API_SAME_ORIGIN === '1';
  // The API is started again if it stops: the portal's servers keep serving meanwhile (its /api/ answers that the
  // service cannot be reached), and one part ending never takes the others down.
  api = keepRunning('The API', () =>
    spawn(process.execPath, [tsxCli, 'src/main.ts'], {
      cwd: path.join(repoRoot, 'api'),
      stdio: 'inherit',
      // Rate limits count each customer by the address the portal server forwards, not the server's own.
      env: {
        ...process.env,
        PORT: String(apiPort),
        // `npm start` is the demo set-up: the demo customer, and codes and links on the console (the API warns).
        SEED_DEMO: process.env.SEED_DEMO ?? '1',
        // This checkout's portal, whatever its port: the links in its emails, and the origins that may call it.
        PORTAL_URL: process.env.PORTAL_URL ?? `http://localhost:${basePort}`,
        CORS_ORIGINS: process.env.CORS_ORIGINS ?? ['localhost', '127.0.0.1'].flatMap((host) => [0, 1, 2, 3, 4].map((n) => `http://${host}:${basePort + n}`)).join(),
        ...(sameOrigin && !process.env.TRUST_PROXY ? { TRUST_PROXY: 'loopback' } : {}),
      },
    }),
  );

  process.env.PORTAL_API_URL ??= `http://localhost:${apiPort}`;
  const apiUrl = process.env.PORTAL_API_URL;
  // Inside this checkout (gitignored), per port: another checkout, or this one on other ports, writes its own.
  const portal = await servePortal({ dir: process.env.PORTAL_SERVE_DIR ?? path.join(repoRoot, '.serve', String(basePort)) });
  const stop = async () => {
    await Promise.all([portal.close(), api?.stop()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  await waitForApi(apiUrl, { onWaiting: () => console.log('Waiting for the API…') });

  console.log(`
  Portal:  open ${portal.urls.shell}
  API:     ${apiUrl}${portal.apiProxy ? ` (the browser reaches it at ${portal.urls.shell}/api/)` : ''}
  Site:    ${portal.siteDir} (written again after every promotion or rollback)
  Demo customer: demo@example.com / demo1234
  Operator: npm run operator -w api -- help
`);
  const demoValues = placeholderWarning();
  if (demoValues) console.warn(`${demoValues}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void (api?.stop() ?? Promise.resolve()).then(() => process.exit(1));
});

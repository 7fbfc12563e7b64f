// `npm start`: production build, each new build released and made live, the reference API (embedded database, demo
// data: SEED_DEMO=1, started again whenever it stops) and the live releases served. SKIP_BUILD=1 reuses the last build.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { apps } from '../lib/config';
import { serve } from './serve';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const tsxCli = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
const basePort = Number(process.env.PORTAL_PORT ?? 3000);
const apiPort = Number(process.env.PORT ?? 4000);
let api: ChildProcess | undefined;
let stopping = false;

/** The API in a process of its own: when it stops the portal keeps serving (its /api/ answers 502) and it starts again. */
function startApi() {
  api = spawn(process.execPath, [tsxCli, 'src/main.ts'], {
    cwd: path.join(repoRoot, 'api'),
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(apiPort),
      SEED_DEMO: process.env.SEED_DEMO ?? '1',
      // This checkout's portal, whatever its port: the links in its emails, and the origins that may call it.
      PORTAL_URL: process.env.PORTAL_URL ?? `http://localhost:${basePort}`,
      CORS_ORIGINS: process.env.CORS_ORIGINS ?? ['localhost', '127.0.0.1'].flatMap((host) => apps.map((a) => `http://${host}:${basePort + a.offset}`)).join(),
      // Rate limits count each customer by the address the shell's origin forwards, not the server's own.
      ...(process.env.PORTAL_API_SAME_ORIGIN === '1' && !process.env.TRUST_PROXY ? { TRUST_PROXY: 'loopback' } : {}),
    },
  });
  api.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`The API stopped (${signal ?? `exit ${code}`}); starting it again in a second.`);
    setTimeout(startApi, 1000);
  });
}

const apiAnswers = (url: string) =>
  fetch(new URL('/api/v1/starlink_user_wallet', url), { signal: AbortSignal.timeout(2000) }).then((res) => res.status < 500, () => false);

async function main() {
  if (process.env.SKIP_BUILD !== '1') {
    console.log('Building the portal (production, a few minutes)…');
    // The shell is built with the remotes and goes live with them: releaseNewBuilds checks them against each other.
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (build.status !== 0) {
      process.stdout.write(build.stdout ?? '');
      process.stderr.write(build.stderr ?? '');
      process.exit(build.status ?? 1);
    }
  }
  // The browser calls the API through the shell's own origin (no CORS preflights); PORTAL_API_SAME_ORIGIN=0 does not.
  process.env.PORTAL_API_SAME_ORIGIN ??= '1';
  process.env.PORTAL_API_URL ??= `http://localhost:${apiPort}`;
  startApi();
  const portal = await serve(async () => {
    stopping = true;
    api?.kill('SIGTERM');
  });
  if (!(await apiAnswers(process.env.PORTAL_API_URL))) console.log('Waiting for the API…');
  while (!(await apiAnswers(process.env.PORTAL_API_URL))) await new Promise((resolve) => setTimeout(resolve, 500));
  console.log(`\n  Portal:  open ${portal.urls.shell}\n  Demo customer: demo@example.com / demo1234\n  Operator: npm run operator -w api -- help\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  stopping = true;
  api?.kill('SIGTERM');
  process.exit(1);
});

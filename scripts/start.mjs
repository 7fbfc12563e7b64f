// `npm start`: production build, then the reference API (embedded database, demo data on first run) and
// every package served on its own port. SKIP_BUILD=1 reuses the last build.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { placeholderWarning, releaseBuilds, startPortalServers } from './portal-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (process.env.SKIP_BUILD !== '1') {
  console.log('Building the portal (production)…');
  // The shell is built with the remotes and goes live with them: the release step checks them together.
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, PORTAL_CONTRACT_CHECK: 'off' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
releaseBuilds();

const apiPort = Number(process.env.API_PORT ?? 4000);
// The browser calls the API through the shell's own server (no CORS preflights); PORTAL_API_SAME_ORIGIN=0 has it
// call the API's port directly instead.
process.env.PORTAL_API_SAME_ORIGIN ??= '1';
const sameOrigin = process.env.PORTAL_API_SAME_ORIGIN === '1';
const api = spawn(npm, ['run', 'start:prod', '-w', 'api'], {
  cwd: root,
  stdio: 'inherit',
  // Rate limits count each customer by the address the portal server forwards, not the server's own.
  env: { ...process.env, PORT: String(apiPort), ...(sameOrigin && !process.env.TRUST_PROXY ? { TRUST_PROXY: 'loopback' } : {}) },
});
api.on('exit', (code) => {
  console.error(`The API stopped (exit ${code}).`);
  process.exit(code ?? 1);
});

process.env.PORTAL_API_URL ??= `http://localhost:${apiPort}`;
const portal = await startPortalServers();

console.log(`
  Portal:  ${portal.urls.shell}
  API:     ${process.env.PORTAL_API_URL}${portal.apiProxy ? ` (the browser reaches it at ${portal.urls.shell}/api/)` : ''}
  Demo customer: demo@example.com / demo1234
  Operator: npm run operator -w api -- help
`);
const demoValues = placeholderWarning();
if (demoValues) console.warn(`${demoValues}\n`);

const stop = async () => {
  await portal.close();
  api.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

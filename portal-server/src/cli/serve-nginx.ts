// `npm run serve:nginx`: what `npm run serve` serves, on the same addresses, from nginx: the site written as files from
// the live releases (site.ts), deploy/nginx's configuration filled in for it, nginx in the foreground with its own
// prefix. A promotion or rollback writes the site again and reloads nginx.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiProxyFromEnv, configFromEnv, placeholderWarning } from '../lib/config';
import { keepSiteCurrent } from '../lib/keep-site';
import { releaseNewBuilds } from '../lib/release-roots';
import { writeNginxConfig } from '../lib/nginx-config';

const env = process.env;
const basePort = Number(env.PORTAL_PORT ?? 3000);
// Inside this checkout (gitignored), per port, as `npm start`'s: the site, nginx's configuration, logs and temporary files.
const runDir = path.resolve(env.PORTAL_NGINX_DIR ?? path.join(__dirname, '..', '..', '..', '.serve', `nginx-${basePort}`));
const siteDir = path.join(runDir, 'site');
const confFile = path.join(runDir, 'nginx.conf');
const config = configFromEnv(env, { host: 'localhost', basePort });
const proxy = apiProxyFromEnv(env);
// Several API instances behind one shell: PORTAL_API_UPSTREAMS=http://a:4000,http://b:4000 (default: PORTAL_API_URL).
const apiUpstreams = proxy ? (env.PORTAL_API_UPSTREAMS?.split(',').map((url) => url.trim()).filter(Boolean) ?? [proxy]) : [];

async function main() {
  releaseNewBuilds();
  fs.mkdirSync(path.join(runDir, 'tmp'), { recursive: true });
  fs.mkdirSync(path.join(runDir, 'logs'), { recursive: true });
  // Started once the first site is written; the watcher reloads it after every new one.
  let nginx: ChildProcess | undefined = undefined;
  // Each new site (files first, then the pages naming them) gets its configuration, and nginx reloads it.
  const kept = await keepSiteCurrent({
    dir: siteDir,
    config,
    onWritten: () => {
      writeNginxConfig(confFile, { siteDir, runDir, basePort, apiUpstreams });
      nginx?.kill('SIGHUP');
    },
  });
  const check = spawnSync('nginx', ['-t', '-q', '-p', runDir, '-c', confFile, '-e', 'stderr'], { stdio: 'inherit' });
  if (check.status !== 0) throw new Error(`nginx refused ${confFile} (above)`);
  nginx = spawn('nginx', ['-p', runDir, '-c', confFile, '-e', 'stderr'], { stdio: 'inherit' });
  nginx.on('exit', (code) => process.exit(code ?? 1));
  console.log(`Portal (nginx): http://localhost:${basePort}`);
  console.log(`  site: ${siteDir}; configuration: ${confFile}`);
  if (proxy) console.log(`  /api/ forwarded to: ${apiUpstreams.join(', ')}`);
  const demoValues = placeholderWarning();
  if (demoValues) console.warn(demoValues);

  const stop = () => {
    kept.stop();
    nginx?.kill('SIGQUIT');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

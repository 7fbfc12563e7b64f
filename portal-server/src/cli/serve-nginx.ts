// `npm run serve:nginx`: what `npm run serve` serves, on the same addresses, from nginx: the site written as files from
// the live releases (site.ts), deploy/nginx's configuration filled in for it, nginx in the foreground with its own
// prefix. A promotion or rollback writes the site again and reloads nginx.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiProxyFromEnv, apps, configFromEnv, placeholderWarning } from '../lib/config';
import { liveState as liveStateOf, releaseNewBuilds, rootsFromReleases } from '../lib/release-roots';
import { writeSite, type SiteManifest } from '../lib/site';
import { nginxConfigFor } from '../lib/nginx-config';

const env = process.env;
const basePort = Number(env.PORTAL_PORT ?? 3000);
const runDir = path.resolve(env.PORTAL_NGINX_DIR ?? path.join(os.tmpdir(), `portal-nginx-${basePort}`));
const siteDir = path.join(runDir, 'site');
const confFile = path.join(runDir, 'nginx.conf');
const config = configFromEnv(env, { host: 'localhost', basePort });
const proxy = apiProxyFromEnv(env);
// Several API instances behind one shell: PORTAL_API_UPSTREAMS=http://a:4000,http://b:4000 (default: PORTAL_API_URL).
const apiUpstreams = proxy ? (env.PORTAL_API_UPSTREAMS?.split(',').map((url) => url.trim()).filter(Boolean) ?? [proxy]) : [];

const liveState = () => liveStateOf(rootsFromReleases);

async function publish(): Promise<void> {
  await writeSite({ dir: siteDir, config, rootsFor: rootsFromReleases });
  const manifests = apps.flatMap((a): SiteManifest[] => {
    const file = path.join(siteDir, a.name, 'pages.json');
    return fs.existsSync(file) ? [JSON.parse(fs.readFileSync(file, 'utf8')) as SiteManifest] : [];
  });
  fs.writeFileSync(confFile, nginxConfigFor({ siteDir, runDir, basePort, apiUpstreams }, manifests));
}

async function main() {
  releaseNewBuilds();
  fs.mkdirSync(path.join(runDir, 'tmp'), { recursive: true });
  fs.mkdirSync(path.join(runDir, 'logs'), { recursive: true });
  let state = liveState();
  await publish();
  const check = spawnSync('nginx', ['-t', '-q', '-p', runDir, '-c', confFile, '-e', 'stderr'], { stdio: 'inherit' });
  if (check.status !== 0) throw new Error(`nginx refused ${confFile} (above)`);
  const nginx = spawn('nginx', ['-p', runDir, '-c', confFile, '-e', 'stderr'], { stdio: 'inherit' });
  nginx.on('exit', (code) => process.exit(code ?? 1));
  console.log(`Portal (nginx): http://localhost:${basePort}`);
  console.log(`  site: ${siteDir}; configuration: ${confFile}`);
  if (proxy) console.log(`  /api/ forwarded to: ${apiUpstreams.join(', ')}`);
  const demoValues = placeholderWarning();
  if (demoValues) console.warn(demoValues);

  // One promotion at a time: the site is written again (files first, then the pages naming them) and nginx reloaded.
  let writing = false;
  const timer = setInterval(() => {
    if (writing) return;
    let next: string;
    try {
      next = liveState();
    } catch {
      return; // The store cannot say what is live: keep serving the last site (the release commands say why).
    }
    if (next === state) return;
    writing = true;
    publish()
      .then(() => {
        state = next;
        nginx.kill('SIGHUP');
      })
      .catch((error: unknown) => console.error(`serve:nginx: the site was not written again: ${String(error)}`))
      .finally(() => (writing = false));
  }, 500);

  const stop = () => {
    clearInterval(timer);
    nginx.kill('SIGQUIT');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

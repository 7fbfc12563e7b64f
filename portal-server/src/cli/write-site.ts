// `npm run site -- <dir>`: the site as files (site.ts) from the live releases, for a static host: nginx (deploy/nginx)
// or a bucket behind a CDN (deploy/README.md). The runtime configuration comes from the PORTAL_* variables.
// An app with nothing live gets no files and no pages (a store being filled); a store that cannot say what is live fails.
import path from 'node:path';
import { configFromEnv } from '../lib/config';
import { releaseRoots } from 'release';
import { writeSite } from '../lib/site';

async function main() {
  const dir = path.resolve(process.argv[2] ?? process.env.PORTAL_SITE_DIR ?? '.site');
  const config = configFromEnv(process.env, { host: 'localhost', basePort: Number(process.env.PORTAL_PORT ?? 3000) });
  const written = await writeSite({ dir, config, rootsFor: (app) => releaseRoots(app) });
  console.log(`Site written: ${dir} -> ${written}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// `npm run site -- <dir>`: the site as files (site.ts) from the live releases, for nginx (deploy/nginx) or any static
// host; the release commands run it after every change of what is live. The runtime configuration comes from the
// PORTAL_* variables. An app with nothing live gets no files and no pages; a store that cannot say what is live fails.
import path from 'node:path';
import { releaseRoots } from 'release';
import { configFromEnv } from '../lib/config';
import { liveState } from '../lib/release-roots';
import { writeSite } from '../lib/site';

async function main() {
  const [dirArg, extra] = process.argv.slice(2);
  if (extra) throw new Error(`Unknown argument ${extra}: npm run site -- [dir].`);
  const dir = path.resolve(dirArg ?? process.env.PORTAL_SITE_DIR ?? '.site');
  const config = configFromEnv(process.env, { host: 'localhost', basePort: Number(process.env.PORTAL_PORT ?? 3000) });
  // Written again if another release command changed the store meanwhile: the last site is never older than the store.
  let written: string;
  let state: string;
  do {
    state = liveState();
    written = await writeSite({ dir, config, rootsFor: (app) => releaseRoots(app) });
  } while (liveState() !== state);
  console.log(`Site written: ${dir} -> ${written}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// `npm run site -- <dir>`: the site as files (site.ts) from the live releases, for a static host: nginx (deploy/nginx)
// or a bucket behind a CDN (deploy/README.md). The runtime configuration comes from the PORTAL_* variables.
// An app with nothing live gets no files and no pages (a store being filled); a store that cannot say what is live fails.
// `npm run site -- <dir> --upload <bucket>`: then put onto a bucket (a mounted folder) in the promotion order (upload.ts).
import path from 'node:path';
import { releaseRoots } from 'release';
import { configFromEnv } from '../lib/config';
import { liveState } from '../lib/release-roots';
import { writeSite } from '../lib/site';
import { uploadSite } from '../lib/upload';

function parse(argv: string[]): { dir?: string; upload?: string } {
  const args: { dir?: string; upload?: string } = {};
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--upload') {
      const bucket = argv[++i];
      if (!bucket) throw new Error('--upload needs the bucket folder.');
      args.upload = bucket;
    } else if (!args.dir) args.dir = argv[i];
    else throw new Error(`Unknown argument ${argv[i]}.`);
  }
  return args;
}


async function main() {
  const args = parse(process.argv.slice(2));
  const dir = path.resolve(args.dir ?? process.env.PORTAL_SITE_DIR ?? '.site');
  const config = configFromEnv(process.env, { host: 'localhost', basePort: Number(process.env.PORTAL_PORT ?? 3000) });
  // Written again if the store changed meanwhile (another release command): the last site switched in is never older
  // than what was live when it finished.
  let written: string;
  let state: string;
  do {
    state = liveState();
    written = await writeSite({ dir, config, rootsFor: (app) => releaseRoots(app) });
  } while (liveState() !== state);
  console.log(`Site written: ${dir} -> ${written}`);
  if (args.upload) {
    const bucket = path.resolve(args.upload);
    const steps = await uploadSite(dir, bucket);
    console.log(`Uploaded to ${bucket}: ${steps.length} object(s), new files first, the shell's pages.json last.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// `npm run serve`: the production build (each new build released and made live first), written as a site and served,
// without any API. PORTAL_API_URL=<origin> points the browser at another API
// without a rebuild; with PORTAL_API_SAME_ORIGIN=1 the shell's server forwards /api/ to it instead.
import path from 'node:path';
import { placeholderWarning } from '../lib/config';
import { releaseNewBuilds } from '../lib/release-roots';
import { servePortal } from '../supervisor';

async function main() {
  releaseNewBuilds();
  // Inside this checkout (gitignored), per port: another checkout, or this one on other ports, writes its own.
  const dir = process.env.PORTAL_SERVE_DIR ?? path.resolve(__dirname, '..', '..', '..', '.serve', process.env.PORTAL_PORT ?? '3000');
  const portal = await servePortal({ dir });
  console.log(`Portal: ${portal.urls.shell}`);
  console.log(`  site: ${portal.siteDir} (written again after every promotion or rollback)`);
  for (const [name, url] of Object.entries(portal.urls)) if (name !== 'shell') console.log(`  remote ${name}: ${url}`);
  console.log(`  API base URL given to the browser: ${portal.config.apiBaseUrl}`);
  if (portal.apiProxy) console.log(`  /api/ forwarded to: ${portal.apiProxy}`);
  const demoValues = placeholderWarning();
  if (demoValues) console.warn(demoValues);

  const stop = () => void portal.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

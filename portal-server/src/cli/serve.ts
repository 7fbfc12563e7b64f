// `npm run serve`: each new build released and made live, then the live releases written as a site and served by one
// process, without any API. PORTAL_API_URL=<origin> points the browser at another API without a rebuild; with
// PORTAL_API_SAME_ORIGIN=1 the shell's origin forwards /api/ to it instead.
import { placeholderWarning } from '../lib/config';
import { releaseNewBuilds } from '../lib/release-roots';
import { servePortal, type PortalServers } from '../lib/serve';

/** Serves the portal, says where, and stops it (and `also`) on an interrupt. */
export async function serve(also: () => Promise<void> = async () => {}): Promise<PortalServers> {
  releaseNewBuilds();
  const portal = await servePortal();
  console.log(`Portal: ${portal.urls.shell}\n  site: ${portal.siteDir} (written again after every promotion or rollback)`);
  for (const [name, url] of Object.entries(portal.urls)) if (name !== 'shell') console.log(`  remote ${name}: ${url}`);
  console.log(`  API base URL given to the browser: ${portal.config.apiBaseUrl}${portal.apiProxy ? `; /api/ forwarded to ${portal.apiProxy}` : ''}`);
  const demoValues = placeholderWarning();
  if (demoValues) console.warn(demoValues);
  const stop = () => void Promise.all([portal.close(), also()]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return portal;
}

if (require.main === module) {
  serve().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

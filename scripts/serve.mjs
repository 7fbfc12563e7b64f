// `npm run serve`: the production build (each app's new build released and made live first), without any API. PORTAL_API_URL=<origin> points the browser
// at another API without a rebuild; with PORTAL_API_SAME_ORIGIN=1 the shell's server forwards /api/ to it instead.
import { placeholderWarning, releaseBuilds, startPortalServers } from './portal-server.mjs';

releaseBuilds();
const portal = await startPortalServers();
console.log(`Portal: ${portal.urls.shell}`);
for (const [name, url] of Object.entries(portal.urls)) if (name !== 'shell') console.log(`  remote ${name}: ${url}`);
console.log(`  API base URL given to the browser: ${portal.config.apiBaseUrl}`);
if (portal.apiProxy) console.log(`  /api/ forwarded to: ${portal.apiProxy}`);
const demoValues = placeholderWarning();
if (demoValues) console.warn(demoValues);

const stop = () => portal.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

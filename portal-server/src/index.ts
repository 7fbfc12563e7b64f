// The portal's serving process: what start-up scripts, the benchmark and tests import.
export { API_UNREACHABLE_MESSAGE, apps, apiProxyFromEnv, configFromEnv, contentSecurityPolicy, placeholderSettings, placeholderWarning, type AppName, type PortalConfig } from './lib/config';
export { remoteEntryUrl, type ExposeChunkDirectory } from './lib/expose-chunks';
export { createSiteServer, type SiteServerOptions } from './lib/site-server';
export { writeSite } from './lib/site';
export { servePortal, type PortalServers, type ServeOptions } from './lib/serve';

// The portal's serving process: what start-up scripts, the benchmark and tests import.
export {
  API_UNREACHABLE_MESSAGE,
  apps,
  apiProxyFromEnv,
  configFromEnv,
  contentSecurityPolicy,
  placeholderSettings,
  placeholderWarning,
  type AppName,
  type PortalConfig,
} from './lib/config';
export { exposeChunkDirectory, remoteEntryUrl, type ExposeChunkDirectory } from './lib/expose-chunks';
export { createAppServer, type AppServer, type AppServerOptions } from './lib/app-server';
export { defaultRoots, startPortalServers, type PortalServers, type StartOptions } from './supervisor';

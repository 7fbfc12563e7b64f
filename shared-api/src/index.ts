// The shared singleton, which every page's start-up code carries whole (federation keeps every name a container
// exports): it names only what the areas and the shell import from it on any page; what only a customer's pages run
// is `shared-api/customer` and `shared-api/verification`. Helpers only its own modules, its tests or the build use
// are imported from their modules (`shared-api/routes` for the serving process and the shell's build).
export { getRuntimeConfig, setRuntimeConfig, type AreaReleases, type BankDetails, type ReleaseEntry, type RuntimeConfig } from './config/runtime-config';
export { navLinks, paths, type Access, type AreaRoute, type AreaRoutes, type NavEntry, type RemoteName } from './routes';
export { liveRoutes, routeAt } from './config/live-routes';
export * from './storage-keys';
export * from './types';
export { ApiError, isApiError, outcomeUnknown, serverErrorOr, serverMessageOr, unreachableOr, whyNotLoaded } from './http/api-error';
export { http, warmHttpClient, type HttpClient } from './http/client';
export { amountOf } from './endpoints/amount';
export { firstUse, type FirstUse } from './lib/first-use';
export { sessionStore, type PendingPayment, type SessionState } from './session/session-store';
export * from './session/use-session';
export * from './federation/remote-modules';
export { showLastKnown, useLastKnownAt, useOnline, useReachable, type Reachability } from './network/network-status';
export { reportServiceReached, serviceKnownDown } from './network/service-reach';

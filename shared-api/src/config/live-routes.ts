import { findRoute, type AreaRoute } from '../routes';
import { getRuntimeConfig } from './runtime-config';

/**
 * The routes of the live areas, as the serving process wrote them into this page (each area's release lists its
 * own): a new page of one area goes live with that area's release alone.
 */
export function liveRoutes(): readonly AreaRoute[] {
  return getRuntimeConfig().routes;
}

/** The live route whose pattern matches `pathname`. */
export function routeAt(pathname: string): AreaRoute | undefined {
  return findRoute(liveRoutes(), pathname);
}

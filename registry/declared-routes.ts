// Node only (builds and tests): the routes each registered area declares in its sources now.
import path from 'node:path';
import type { AreaRoute } from 'shared-api/routes';
import { areas } from './index';

/**
 * Every area's routes as its `routes` module declares them, in the registry's order: what the shell's build draws
 * its frames for and its tests route by. The live portal routes by the live releases' own lists instead.
 */
export function declaredRoutes(root: string = path.resolve(__dirname, '..')): AreaRoute[] {
  return areas.flatMap((area) => {
    // A module named by the registry, read where the area's sources are (a build or a test, never a browser).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { routes } = require(path.join(root, area.dir, area.routes)) as { routes: readonly AreaRoute[] };
    return [...routes];
  });
}

import { releaseBuilds, releaseRoots } from 'release';
import type { AppName } from './config';
import { defaultRoots } from '../supervisor';

/**
 * Each app served from the release store (release/): its live release first, then the retained ones, so a page
 * served before a promotion still gets the chunks it names. An app never released is served from its dist folder.
 */
export const rootsFromReleases = (app: AppName): string[] => {
  const roots = releaseRoots(app);
  return roots.length > 0 ? roots : defaultRoots(app);
};

/**
 * Every app's new build released and made live before serving (`npm start`, `npm run serve`): a developer sees
 * the latest build. A build the version contract refuses is reported; that app stays on its live release.
 */
export function releaseNewBuilds(): void {
  const { refused } = releaseBuilds();
  for (const message of refused) console.warn(message);
}

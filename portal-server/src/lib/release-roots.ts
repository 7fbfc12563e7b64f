import { readLive, releaseBuilds, releaseRoots, ReleaseError } from 'release';
import { apps, type AppName } from './config';

/**
 * Each app served from the release store (release/): its live release first, then the retained ones, so a page
 * served before a promotion still gets the chunks it names. Only released builds are served: an app with nothing
 * live (never released, or its first release refused) and a store that cannot say what is live both throw a
 * sentence with the fix: the servers keep the site written last (keep-site.ts), or do not start, saying so.
 */
export const rootsFromReleases = (app: AppName): string[] => {
  const roots = releaseRoots(app);
  if (roots.length > 0) return roots;
  const { dir } = apps.find((a) => a.name === app)!;
  throw new ReleaseError(
    `${app}: no release is live, and an unreleased build is never served: release and promote one (\`npm run release -w ${dir}\`, then \`npm run promote -w ${dir}\`).`,
  );
};

/**
 * Every app's new build released and made live before serving (`npm start`, `npm run serve`): a developer sees
 * the latest build. A build the version contract refuses is reported; that app stays on its live release.
 */
export function releaseNewBuilds(): void {
  const { refused } = releaseBuilds();
  for (const message of refused) console.warn(message);
}

/**
 * What a written site is made from: each app's release roots (read by `rootsFor`) and its canary, which the pages'
 * `releases` name. A change means a promotion, a rollback or a canary's start, share or end: the site is written again.
 */
export const liveState = (rootsFor: (app: AppName) => string[] = releaseRoots): string =>
  JSON.stringify(apps.map((a) => [rootsFor(a.name), readLive(a.name).canary ?? null]));

import path from 'node:path';
import { APPS } from 'webpack-config/contract';
import { type AppName, type PromoteResult, ReleaseError, type StoreOptions, addRelease, promoteTogether } from './store';

const root = path.resolve(__dirname, '..', '..');

export interface SyncResult {
  promoted: PromoteResult[];
  /** One message per app left on its live release, saying why. */
  refused: string[];
}

/**
 * Every built app's dist added to the store, and the builds not live yet promoted together (promoteTogether: the
 * shell and remotes of one whole-portal build are checked against each other), so `npm start` and `npm run serve`
 * show the latest build. An app without a build is skipped; a refused one stays on its live release.
 */
export function releaseBuilds(options: StoreOptions & { log?: (message: string) => void } = {}): SyncResult {
  const log = options.log ?? console.log;
  const dry = options.dryRun ? '[dry run] ' : '';
  const ids: Partial<Record<AppName, string>> = {};
  for (const app of Object.keys(APPS) as AppName[]) {
    try {
      const { manifest, created, removed } = addRelease(app, path.join(root, APPS[app], 'dist'), options);
      ids[app] = manifest.id;
      if (created) log(`${dry}${app}: released ${manifest.id}.`);
      for (const id of removed) log(`${dry}${app}: removed release ${id} (beyond the retention).`);
    } catch (error) {
      if (!(error instanceof ReleaseError)) throw error;
      log(`${app}: ${error.message}`);
    }
  }
  const result = promoteTogether(ids, options);
  for (const { app, id, previous } of result.promoted) log(`${dry}${app}: ${id} is live (was ${previous ?? 'none'}).`);
  return result;
}

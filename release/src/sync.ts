import path from 'node:path';
import { APPS } from 'webpack-config/contract';
import {
  type AppName,
  type PromoteResult,
  ReleaseError,
  type StoreOptions,
  addRelease,
  checkStore,
  promoteTogether,
  readLive,
} from './store';

const root = path.resolve(__dirname, '..', '..');

export interface SyncResult {
  promoted: PromoteResult[];
  /** One message per app left on its live release, saying why. */
  refused: string[];
}

/**
 * Every built app's dist added to the store, and the builds that never went live promoted together (promoteTogether:
 * the shell and remotes of one whole-portal build are checked against each other), so `npm start` and `npm run serve`
 * show the latest build. A build that was live before and was rolled back or replaced stays off: a restart never
 * undoes a rollback. An app without a build is skipped; a refused one stays on its live release.
 */
export function releaseBuilds(options: StoreOptions & { log?: (message: string) => void; distOf?: (app: AppName) => string } = {}): SyncResult {
  const log = options.log ?? console.log;
  const distOf = options.distOf ?? ((app: AppName) => path.join(root, APPS[app], 'dist'));
  const dry = options.dryRun ? '[dry run] ' : '';
  const ids: Partial<Record<AppName, string>> = {};
  for (const app of Object.keys(APPS) as AppName[]) {
    try {
      for (const message of checkStore(app, options)) log(message);
      const { manifest, created, removed, repaired } = addRelease(app, distOf(app), options);
      if (created) log(`${dry}${app}: released ${manifest.id}.`);
      if (repaired) log(`${dry}${app}: the damaged release.json of ${manifest.id} was rebuilt from the identical build.`);
      for (const id of removed) log(`${dry}${app}: removed release ${id} (beyond the retention).`);
      const doc = readLive(app, options.storeDir);
      const last = [...doc.history].reverse().find((step) => step.id === manifest.id);
      if (doc.live === manifest.id) continue;
      if (doc.canary?.id === manifest.id) {
        log(`${app}: build ${manifest.id} is the canary (${doc.canary.percent} %), so it stays a canary; \`npm run promote -w ${APPS[app]} -- --watch\` decides it.`);
        continue;
      }
      if (last || doc.rolledBack.includes(manifest.id)) {
        const why = doc.rolledBack.includes(manifest.id) ? 'was rolled back' : 'was replaced';
        log(
          `${app}: build ${manifest.id} ${why} after it went ${last ? `live (${last.at})` : 'out as a canary'}, so it stays off and ${doc.live} stays live; \`npm run promote -w ${APPS[app]} -- ${manifest.id}\` ships it again.`,
        );
        continue;
      }
      ids[app] = manifest.id;
    } catch (error) {
      if (!(error instanceof ReleaseError)) throw error;
      log(error.message.startsWith(`${app}`) ? error.message : `${app}: ${error.message}`);
    }
  }
  const result = promoteTogether(ids, options);
  for (const { app, id, previous } of result.promoted) log(`${dry}${app}: ${id} is live (was ${previous ?? 'none'}).`);
  return result;
}

import { canaryEntry, readLive, readRelease, toAppName } from 'release';
import { remoteEntryUrl } from './expose-chunks';

type ReleaseEntry = { id: string; entry: string };
export type AreaReleases = Record<string, { live: ReleaseEntry; canary?: ReleaseEntry & { percent: number } }>;

/**
 * Each remote's live release and running canary, by id and versioned entry (`releases` in the page's configuration):
 * the browser picks the canary by its own stable share, with no request of its own, and tags its health reports
 * with the release it loaded. A remote not in the store, or a store that cannot be read, is left out.
 */
export function areaReleases(remotes: Record<string, string>, storeDir?: string): AreaReleases {
  const releases: AreaReleases = {};
  for (const [name, configured] of Object.entries(remotes)) {
    try {
      const base = remoteEntryUrl(configured);
      const app = toAppName(name);
      const { live } = readLive(app, storeDir);
      const entry = live ? readRelease(app, live, storeDir)?.entry : null;
      if (!base || !live || !entry) continue;
      const canary = canaryEntry(app, storeDir);
      releases[name] = {
        live: { id: live, entry: new URL(entry, base).href },
        ...(canary ? { canary: { id: canary.id, entry: new URL(canary.entry, base).href, percent: canary.percent } } : {}),
      };
    } catch {
      // Unreadable: the release commands say why; this page goes without (no canary, untagged reports).
    }
  }
  return releases;
}

import { getRuntimeConfig, type RemoteName } from 'shared-api';

/** This browser's share, 0-99, drawn once and kept: a canary of N % goes to the browsers below N. */
export const CANARY_SHARE_KEY = 'portal_canary_share';

export function canaryShare(): number {
  try {
    const kept = Number(localStorage.getItem(CANARY_SHARE_KEY));
    if (localStorage.getItem(CANARY_SHARE_KEY) !== null && Number.isInteger(kept) && kept >= 0 && kept < 100) return kept;
    const drawn = crypto.getRandomValues(new Uint32Array(1))[0]! % 100;
    localStorage.setItem(CANARY_SHARE_KEY, String(drawn));
    return drawn;
  } catch {
    // No storage (a private window that refuses it): never a canary, so one browser never flips between builds.
    return 100;
  }
}

/** The canary's versioned entry when the page names a canary of `remote` and this browser is in its share. */
export function canaryEntryFor(remote: RemoteName): string | undefined {
  const canary = getRuntimeConfig().releases[remote]?.canary;
  return canary && canaryShare() < canary.percent ? canary.entry : undefined;
}

/** The release id of the entry a page registered for `remote`: the live release's or the canary's; else unknown. */
export function releaseOfEntry(remote: RemoteName, entry: string | undefined): string | undefined {
  const releases = getRuntimeConfig().releases[remote];
  if (!releases || !entry) return undefined;
  if (releases.canary?.entry === entry) return releases.canary.id;
  return releases.live.entry === entry ? releases.live.id : undefined;
}

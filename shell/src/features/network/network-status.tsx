import { useLastKnownAt, useOnline, useReachable } from 'shared-api';
import { lastUpdatedAt, offlineBanner, showingLastKnown } from 'shared-api/texts';
import { readAt } from 'shared-ui/format';
import { NetworkBanner } from 'shared-ui/network';

/**
 * Offline, a strip says so on every screen; while anything on screen is last-known data (kept from an earlier visit,
 * or shown because the service cannot be reached), it says when that was read (with the day when not today), until
 * the fresh answer replaces it; with the service unreachable, that is a sentence saying so.
 */
export function NetworkStatus() {
  const online = useOnline();
  const reach = useReachable();
  const at = useLastKnownAt();
  const when = at === null ? undefined : readAt(at);
  const down = online && !reach.reachable;
  return (
    <NetworkBanner
      offlineText={online ? undefined : offlineBanner}
      unreachableText={down && when ? showingLastKnown(when) : undefined}
      updatedText={when && lastUpdatedAt(when)}
    />
  );
}

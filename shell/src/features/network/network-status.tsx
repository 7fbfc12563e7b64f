import { useLastKnownAt, useOnline } from 'shared-api';
import { lastUpdatedAt, offlineBanner } from 'shared-api/texts';
import { NetworkBanner } from 'shared-ui/network';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "09:41" in the phone's own time zone. */
export const clockTime = (at: number): string => {
  const date = new Date(at);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
};

/**
 * Offline, a strip says so on every screen; while anything on screen is last-known data (kept from an earlier visit,
 * or shown because the service cannot be reached), it says when that was read, until the fresh answer replaces it.
 */
export function NetworkStatus() {
  const online = useOnline();
  const at = useLastKnownAt();
  return (
    <NetworkBanner
      offlineText={online ? undefined : offlineBanner}
      updatedText={at === null ? undefined : lastUpdatedAt(clockTime(at))}
    />
  );
}

import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { kitsApi, type Id } from 'shared-api';

export const AUTO_RENEW_FAILED = 'Failed to update auto-renew settings. Please try again.';

/** Toggle auto-renew; the switch only moves once the server agreed. */
export function useAutoRenew(onChanged: (id: Id, autoRenew: boolean) => void) {
  const inFlight = useRef(new Set<string>());
  const [savingIds, setSavingIds] = useState<ReadonlySet<string>>(new Set());

  const setAutoRenew = useCallback(
    async (id: Id, autoRenew: boolean) => {
      const key = String(id);
      if (inFlight.current.has(key)) return;
      inFlight.current.add(key);
      setSavingIds(new Set(inFlight.current));
      try {
        await kitsApi.setAutoRenew(id, autoRenew);
        onChanged(id, autoRenew);
        toast.success(autoRenew ? 'Auto-renew enabled successfully!' : 'Auto-renew disabled successfully!');
      } catch {
        toast.error(AUTO_RENEW_FAILED);
      } finally {
        inFlight.current.delete(key);
        setSavingIds(new Set(inFlight.current));
      }
    },
    [onChanged],
  );

  return { setAutoRenew, savingIds };
}

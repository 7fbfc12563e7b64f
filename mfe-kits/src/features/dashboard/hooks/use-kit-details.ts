import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { kitsApi, type Kit } from 'shared-api';

export const KIT_DETAILS_FAILED = 'Failed to fetch kit details.';

export function useKitDetails(kitId: string | undefined) {
  const [kit, setKit] = useState<Kit | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    if (!kitId) return;
    const request = ++latest.current;
    setLoading(true);
    setFailed(false);
    kitsApi
      .show(kitId)
      .then((data) => {
        if (request !== latest.current) return;
        // The spec says the answer "has kit"; a server sending the bare kit still works.
        const found = (data as { kit?: Kit }).kit ?? (data as unknown as Kit);
        if (!found || found.id === undefined) throw new Error('No kit in the answer');
        setKit(found);
      })
      .catch(() => {
        if (request !== latest.current) return;
        setFailed(true);
        toast.error(KIT_DETAILS_FAILED);
      })
      .finally(() => {
        if (request === latest.current) setLoading(false);
      });
  }, [kitId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { kit, setKit, loading, failed, reload };
}

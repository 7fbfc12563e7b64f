import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { renewalsApi, type KitRenewal } from 'shared-api';
import { newestFirst } from '../../../lib/renewal-rules';

export const RENEWALS_FAILED = 'Failed to fetch renewal history.';

export function useRenewals(kitId: string | undefined) {
  const [renewals, setRenewals] = useState<KitRenewal[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    if (!kitId) return;
    const request = ++latest.current;
    setLoading(true);
    renewalsApi
      .listForKit(kitId)
      .then((list) => {
        if (request !== latest.current) return;
        setRenewals(newestFirst(list));
        setFailed(false);
      })
      .catch(() => {
        if (request !== latest.current) return;
        setFailed(true);
        toast.error(RENEWALS_FAILED);
      })
      .finally(() => {
        if (request === latest.current) setLoading(false);
      });
  }, [kitId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { renewals, loading, failed, reload };
}

import { useCallback, useEffect, useMemo } from 'react';
import type { KitRenewal } from 'shared-api';
import { useKitRenewals } from 'shared-api/data';
import { notify } from 'shared-ui';
import { newestFirst } from '../../../lib/renewal-rules';

export const RENEWALS_FAILED = 'Failed to fetch renewal history.';

const NONE: KitRenewal[] = [];

export function useRenewals(kitId: string | undefined) {
  const { data, error, mutate } = useKitRenewals(kitId);
  useEffect(() => {
    if (error !== undefined) notify.error(RENEWALS_FAILED);
  }, [error]);
  const renewals = useMemo(() => (data ? newestFirst(data) : NONE), [data]);
  const reload = useCallback(() => void mutate(), [mutate]);
  return { renewals, loading: data === undefined && error === undefined, failed: error !== undefined, reload };
}

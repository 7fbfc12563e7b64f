import { useCallback, useEffect, useMemo } from 'react';
import { unreachableOr, type KitRenewal } from 'shared-api';
import { notify } from 'shared-ui';
import { newestFirst } from '../../../lib/renewal-rules';
import { useKitRenewals } from '../api/get-kit-renewals';
import { RENEWALS_FAILED } from '../../../lib/texts';


const NONE: KitRenewal[] = [];

/**
 * `kitShown`: whether the kit itself arrived. A history that fails for a kit that failed too (an unknown kit answers
 * 404 to both) says nothing more than the kit's own message, so its toast waits for the kit.
 */
export function useRenewals(kitId: string | undefined, kitShown: boolean) {
  const { data, error, mutate } = useKitRenewals(kitId);
  useEffect(() => {
    if (error !== undefined && kitShown) notify.error(unreachableOr(error, RENEWALS_FAILED));
  }, [error, kitShown]);
  const renewals = useMemo(() => (data ? newestFirst(data) : NONE), [data]);
  const reload = useCallback(() => void mutate(), [mutate]);
  return { renewals, loading: data === undefined && error === undefined, failed: error !== undefined, reload };
}

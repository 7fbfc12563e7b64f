import { useCallback, useEffect } from 'react';
import { isApiError, type Kit } from 'shared-api';
import { useKit } from 'shared-api/data';
import { notify } from 'shared-ui';

export const KIT_DETAILS_FAILED = 'Failed to fetch kit details.';

export function useKitDetails(kitId: string | undefined) {
  const { data, error, mutate } = useKit(kitId);
  useEffect(() => {
    if (error !== undefined) notify.error(KIT_DETAILS_FAILED);
  }, [error]);
  // A 404 is an answer, not a failure to get one: this customer has no such kit, and trying again cannot help.
  const failed = error !== undefined;
  const notFound = failed && isApiError(error) && error.status === 404;
  /** Change the kit shown after an edit the server accepted, without reading it again. */
  const patchKit = useCallback(
    (patch: Partial<Kit>) => void mutate((current) => current && { ...current, ...patch }, { revalidate: false }),
    [mutate],
  );
  const reload = useCallback(() => void mutate(), [mutate]);
  // Loading until an answer: also when there is no session yet to ask with (a render made ahead of time).
  return { kit: data ?? null, patchKit, loading: data === undefined && !failed, failed, notFound, reload };
}

import { useCallback, useEffect } from 'react';
import { isApiError, unreachableOr } from 'shared-api';
import { notify } from 'shared-ui';
import { useKit } from '../api/get-kit';
import { KIT_DETAILS_FAILED } from '../../../lib/texts';


const NO_SUCH_KIT = new Set([400, 404, 422]);

export function useKitDetails(kitId: string | undefined) {
  const { data, error, mutate } = useKit(kitId);
  // A 404 is an answer, not a failure to get one: this customer has no such kit, and trying again cannot help. An
  // id the API refuses outright (400, 422: "abc" is no kit id) is no kit either.
  const failed = error !== undefined;
  const notFound = failed && isApiError(error) && NO_SUCH_KIT.has(error.status ?? 0);
  useEffect(() => {
    // The "Kit not found" card says it all; a toast on top would only repeat it.
    if (error !== undefined && !notFound) notify.error(unreachableOr(error, KIT_DETAILS_FAILED));
  }, [error, notFound]);
  const reload = useCallback(() => void mutate(), [mutate]);
  // Loading until an answer: also when there is no session yet to ask with (a render made ahead of time).
  return { kit: data ?? null, loading: data === undefined && !failed, failed, error, notFound, reload };
}

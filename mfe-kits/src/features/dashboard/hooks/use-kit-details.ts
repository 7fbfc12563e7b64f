import { isApiError, kitsApi, type Kit } from 'shared-api';
import { useLatestRequest } from './use-latest-request';

export const KIT_DETAILS_FAILED = 'Failed to fetch kit details.';

async function loadKit(kitId: string): Promise<Kit> {
  const data = await kitsApi.show(kitId);
  // The spec says the answer "has kit"; a server sending the bare kit still works.
  const found = (data as { kit?: Kit }).kit ?? (data as unknown as Kit);
  if (!found || found.id === undefined) throw new Error('No kit in the answer');
  return found;
}

export function useKitDetails(kitId: string | undefined) {
  const { data: kit, setData: setKit, loading, failed, error, reload } = useLatestRequest(
    kitId,
    loadKit,
    KIT_DETAILS_FAILED,
  );
  // A 404 is an answer, not a failure to get one: this customer has no such kit, and trying again cannot help.
  const notFound = failed && isApiError(error) && error.status === 404;
  return { kit, setKit, loading, failed, notFound, reload };
}
